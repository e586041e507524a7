// exceljs's streaming WorkbookWriter on its own (report-writer.ts): the package's entry also loads
// the workbook model, the reader and their dependencies, which the report's worker never uses.
declare module 'exceljs/lib/stream/xlsx/workbook-writer.js' {
  import type ExcelJS from 'exceljs';

  const WorkbookWriter: typeof ExcelJS.stream.xlsx.WorkbookWriter;
  export default WorkbookWriter;
}
