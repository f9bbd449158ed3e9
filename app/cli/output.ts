/** Prints a command's result: JSON with --json, else a short human line or table. */
export function print(json: boolean, value: unknown, human: () => string): void {
  process.stdout.write(json ? `${JSON.stringify(value, null, 2)}\n` : `${human()}\n`);
}

/** A table of `rows` with the named `columns`; the column names are checked against the row type. */
export function table<Row extends object>(rows: readonly Row[], columns: ReadonlyArray<keyof Row & string>): string {
  if (rows.length === 0) return '(none)';
  const cell = (value: unknown) => (value === null || value === undefined ? '-' : Array.isArray(value) ? value.join(',') : String(value));
  const widths = columns.map((column) => Math.max(column.length, ...rows.map((row) => cell(row[column]).length)));
  const line = (values: readonly string[]) => values.map((value, i) => value.padEnd(widths[i]!)).join('  ').trimEnd();
  return [line(columns), ...rows.map((row) => line(columns.map((column) => cell(row[column]))))].join('\n');
}
