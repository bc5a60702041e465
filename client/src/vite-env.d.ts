interface ImportMetaEnv {
  readonly VITE_API_BASE?: string;
  readonly VITE_CHAT_WIDGET_URL?: string;
}
