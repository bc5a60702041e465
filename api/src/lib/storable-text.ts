const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * False for NUL and for a UTF-16 surrogate without its partner: PostgreSQL stores neither (text
 * refuses NUL, jsonb both), and a lone surrogate would otherwise reach a text column as U+FFFD.
 */
export function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && !LONE_SURROGATE.test(text);
}

export interface UnstorableText {
  /** Where it is, as the validation messages name fields: "options.2.text"; "" for the value itself. */
  path: string;
  /** A field name (an object key) rather than a value. */
  inName: boolean;
}

/**
 * The first string or object key in a parsed input (JSON, a query, form fields) that PostgreSQL cannot
 * store, or null. Walks without recursion, so a deeply nested body cannot exhaust the stack.
 */
export function findUnstorableText(input: unknown): UnstorableText | null {
  const stack: { value: unknown; path: string }[] = [{ value: input, path: '' }];
  while (stack.length > 0) {
    const { value, path } = stack.pop() as { value: unknown; path: string };
    if (typeof value === 'string') {
      if (!isStorableText(value)) {
        return { path, inName: false };
      }
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i -= 1) {
        stack.push({ value: value[i], path: path ? `${path}.${i}` : String(i) });
      }
    } else if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value)) {
      const entries = Object.entries(value);
      for (const [key] of entries) {
        if (!isStorableText(key)) {
          return { path, inName: true };
        }
      }
      for (const [key, item] of entries.reverse()) {
        stack.push({ value: item, path: path ? `${path}.${key}` : key });
      }
    }
  }
  return null;
}
