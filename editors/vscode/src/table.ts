// Lines up the CLI's tab-separated tables for the Output panel, whose tab stops do not fit columns
// wider than a tab (a Grobots results table's header is wider than its figures). Pure, so the unit
// tests run it under plain Node.

/** Whether a cell reads as a figure (right-aligned): a number, a percentage or a signed value. */
function isFigure(cell: string): boolean {
  return /^[-+]?\d+(\.\d+)?%?$/.test(cell.trim());
}

function alignBlock(rows: string[][]): string[] {
  const columns = Math.max(...rows.map((r) => r.length));
  const width = new Array<number>(columns).fill(0);
  const figures = new Array<boolean>(columns).fill(true);
  rows.forEach((row, index) =>
    row.forEach((cell, c) => {
      width[c] = Math.max(width[c], cell.length);
      // The first row of a block is usually its header; its words do not make a column textual.
      if (index > 0 && cell !== '' && !isFigure(cell)) figures[c] = false;
    }),
  );
  return rows.map((row) =>
    row
      .map((cell, c) => {
        if (c === row.length - 1 && !figures[c]) return cell;
        return figures[c] ? cell.padStart(width[c]) : cell.padEnd(width[c]);
      })
      .join('  ')
      .trimEnd(),
  );
}

/**
 * Returns the text with every run of consecutive tab-separated lines turned into space-aligned
 * columns (two spaces apart; figures right-aligned, words left-aligned). Other lines are unchanged.
 */
export function alignTables(text: string): string {
  const lines = text.split('\n');
  const out: string[] = [];
  let block: string[][] = [];
  const flush = () => {
    if (block.length > 0) out.push(...alignBlock(block));
    block = [];
  };
  for (const line of lines) {
    if (line.includes('\t')) {
      block.push(line.split('\t'));
    } else {
      flush();
      out.push(line);
    }
  }
  flush();
  return out.join('\n');
}
