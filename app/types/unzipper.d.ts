/**
 * The part of unzipper (exceljs's own zip reader) that the workbook reader uses: a zip's central directory, read
 * without reading the entries.
 */
declare module "unzipper" {
  interface CentralDirectoryEntry {
    path: string;
    offsetToLocalFileHeader: number;
  }
  interface CentralDirectory {
    files: CentralDirectoryEntry[];
    offsetToStartOfCentralDirectory: number;
  }
  export const Open: { file(path: string): Promise<CentralDirectory> };
}
