/**
 * Explicit pagination for PDF tables. react-pdf lays out every text node on its own and breaks pages
 * by trial; a report with thousands of rows is then slow. Here rows are wrapped to their column
 * widths with the real font metrics and placed onto pages up front, and the page then draws each line
 * where it was placed (components.tsx) without laying it out again. Every page knows its number and
 * the total before rendering.
 */
export type ColumnAlign = "left" | "right";
export type TableColumn = { header: string; width: number; align?: ColumnAlign };
export type TableSection = { title?: string; columns: TableColumn[]; rows: string[][]; showHeader?: boolean; empty?: string };

/** A row wrapped to its columns: `cells[c]` holds that cell's lines; every row is `height` lines tall. */
export type WrappedRow = { cells: string[][]; height: number };
/** `header` is the header row wrapped like a row (null when the table shows none). */
export type PagePart = { title?: string; continued: boolean; columns: TableColumn[]; header: WrappedRow | null; rows: WrappedRow[]; empty?: string };
export type PlannedPage = PagePart[];

export type MeasureText = (text: string) => number;

/** Points of horizontal padding inside a cell (left plus right). */
export const CELL_PADDING = 6;
/** Room left at the end of a wrapped line, so its text never touches the next column. */
const WRAP_SLACK = 3;
/** Lines a section title takes, including the space above it. */
export const TITLE_LINES = 2;

const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/**
 * Greedy word wrap on measured widths; a word wider than the column is broken between graphemes.
 * Text that fits is measured once, as the whole string the PDF will shape; longer text is measured
 * word by word (a space's width between words), so wrapping costs one shaping per word, not per prefix.
 */
export function wrapText(text: string, width: number, measure: MeasureText): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split("\n")) {
    const words = paragraph.split(/\s+/).filter(Boolean);
    if (words.length === 0 || measure(words.join(" ")) <= width) {
      lines.push(words.join(" "));
      continue;
    }
    const space = measure(" ");
    let line = "";
    let lineWidth = 0;
    for (const word of words) {
      const wordWidth = measure(word);
      if (line && lineWidth + space + wordWidth <= width) {
        line += ` ${word}`;
        lineWidth += space + wordWidth;
        continue;
      }
      if (line) lines.push(line);
      if (wordWidth <= width) {
        line = word;
        lineWidth = wordWidth;
        continue;
      }
      line = "";
      for (const { segment } of graphemes.segment(word)) {
        if (line && measure(line + segment) > width) {
          lines.push(line);
          line = "";
        }
        line += segment;
      }
      lineWidth = measure(line);
    }
    lines.push(line);
  }
  return lines;
}

export function wrapRow(columns: readonly TableColumn[], row: readonly string[], measure: MeasureText): WrappedRow {
  const cells = columns.map((column, i) => wrapText(row[i] ?? "", column.width - CELL_PADDING - WRAP_SLACK, measure));
  return { cells, height: Math.max(1, ...cells.map((c) => c.length)) };
}

/**
 * Places sections onto pages of `linesPerPage` lines. A section starts on a new page only when its
 * title, header and first row no longer fit; a table that continues on the next page repeats its
 * header there. Headers are wrapped like rows, measured with `measureHeader` (they are set bold).
 */
export function planPages(sections: readonly TableSection[], measure: MeasureText, linesPerPage: number, measureHeader: MeasureText = measure): PlannedPage[] {
  const pages: PlannedPage[] = [[]];
  let free = linesPerPage;
  const newPage = () => {
    pages.push([]);
    free = linesPerPage;
  };
  for (const section of sections) {
    const header = (section.showHeader ?? true) ? wrapRow(section.columns, section.columns.map((c) => c.header), measureHeader) : null;
    const headerLines = header?.height ?? 0;
    const rows = section.rows.map((r) => wrapRow(section.columns, r, measure));
    const titleLines = section.title ? TITLE_LINES : 0;
    const firstRow = rows[0]?.height ?? 1;
    if (free < titleLines + headerLines + firstRow && pages.at(-1)!.length > 0) newPage();
    let part: PagePart = { title: section.title, continued: false, columns: section.columns, header, rows: [], empty: rows.length === 0 ? section.empty : undefined };
    pages.at(-1)!.push(part);
    free -= titleLines + headerLines + (rows.length === 0 ? 1 : 0);
    for (const row of rows) {
      if (row.height > free && part.rows.length > 0) {
        newPage();
        part = { title: section.title, continued: true, columns: section.columns, header, rows: [] };
        pages.at(-1)!.push(part);
        free -= (section.title ? TITLE_LINES : 0) + headerLines;
      }
      part.rows.push(row);
      free -= row.height;
    }
  }
  return pages;
}
