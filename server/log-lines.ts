/**
 * The access log's lines on standard output, written together: one write for the lines of
 * one turn of the event loop instead of one `console.log` each (under load, dozens of
 * requests are answered per turn, and a write per line was a fifth of the server's work per
 * postback or redirect). A line waits at most until the next turn; those of the last turn
 * are written when the process exits.
 */
export function lineWriter(
  write: (text: string) => void = (text) => process.stdout.write(text),
  atExit: (flush: () => void) => void = (flush) => process.on("exit", flush),
): (line: string) => void {
  let waiting: string[] = [];
  const flush = () => {
    if (waiting.length === 0) return;
    const text = waiting.join("");
    waiting = [];
    write(text);
  };
  atExit(flush);
  return (line) => {
    if (waiting.length === 0) setImmediate(flush);
    waiting.push(`${line}\n`);
  };
}
