// A spreadsheet runs a cell that starts with one of these as a formula; a name typed that way stays text.
const formulaStart = /^[=+\-@\t\r]/;
const numeric = /^-?\d+(\.\d+)?$/;

function cellOf(value: string | number): string {
  let text = String(value);
  if (formulaStart.test(text) && !numeric.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

/** CSV text of rows: every cell quoted, CRLF line ends (RFC 4180), a formula-looking text made plain. */
export function csvOf(rows: readonly (readonly (string | number)[])[]): string {
  return rows.map((row) => row.map(cellOf).join(',')).join('\r\n');
}

/**
 * Saves rows the screen already holds as a CSV file (a report the server does not export). A
 * byte order mark first: Excel then reads the text as UTF-8.
 */
export function downloadCsv(fileName: string, rows: readonly (readonly (string | number)[])[]): void {
  const url = URL.createObjectURL(new Blob([`\uFEFF${csvOf(rows)}`], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
