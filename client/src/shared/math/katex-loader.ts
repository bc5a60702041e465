// Loaded only through a dynamic import, so KaTeX and its fonts' CSS never enter the `/` bundle.
import 'katex/dist/katex.min.css';

export { default } from 'katex';
