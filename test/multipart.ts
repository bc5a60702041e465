/** A file part of a form: field `file`. */
export interface FormFile {
  name: string;
  content: Buffer | string;
  type?: string;
}

/**
 * A multipart/form-data body for inject(), as a browser sends it: the text fields, then the file
 * when there is one. Spread the result into inject's options (`payload` and `headers`).
 */
export function formData(
  fields: Record<string, string>,
  file?: FormFile,
  boundary = '----riyazi-test-boundary',
) {
  const parts: Buffer[] = Object.entries(fields).map((entry) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${entry[0]}"\r\n\r\n${entry[1]}\r\n`),
  );
  if (file !== undefined) {
    const type = file.type ?? 'application/octet-stream';
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      typeof file.content === 'string' ? Buffer.from(file.content, 'utf8') : file.content,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A form of one file (field `file`) and nothing else. */
export const fileForm = (name: string, content: Buffer | string, type?: string) =>
  formData({}, { name, content, ...(type === undefined ? {} : { type }) });
