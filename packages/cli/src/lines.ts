/**
 * Reads text lines from a stream and writes one answer line per input line, in order. Every line gets an
 * answer, a blank one included (it is not JSON); a final line without a newline counts; a CR before the
 * newline is dropped, and so is a byte-order mark at the very start. Answers to the lines of one chunk go
 * out in one write as soon as that chunk is read, so a caller that writes one line and waits for its answer
 * is never left waiting. With `eachLine`, every answer is written as soon as it is computed instead: for
 * answers that take long (an audit takes seconds), so a chunk of many lines is not held back.
 */
export async function answerLines(
  input: NodeJS.ReadableStream,
  write: (text: string) => void,
  answer: (line: string) => string,
  options: { readonly eachLine?: boolean } = {},
): Promise<void> {
  input.setEncoding('utf8');
  let pending = '';
  let first = true;
  const one = (l: string): string => answer(l.endsWith('\r') ? l.slice(0, -1) : l);
  const flush = (lines: string[]) => {
    if (options.eachLine) for (const l of lines) write(one(l) + '\n');
    else if (lines.length > 0) write(lines.map(one).join('\n') + '\n');
  };
  for await (const chunk of input) {
    let text = String(chunk);
    if (first && text.length > 0) {
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      first = false;
    }
    const parts = (pending + text).split('\n');
    pending = parts.pop()!;
    flush(parts);
  }
  if (pending !== '') flush([pending]);
}
