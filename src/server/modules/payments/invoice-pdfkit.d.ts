// The part of pdfkit (0.20, no bundled types) the invoice uses.
declare module 'pdfkit' {
  interface TextOptions {
    width?: number;
    align?: 'left' | 'right' | 'center';
    continued?: boolean;
  }
  export default class PDFDocument {
    constructor(options?: { size?: string; margin?: number; compress?: boolean; info?: Record<string, string | Date> });
    y: number;
    page: { width: number; margins: { left: number; right: number } };
    registerFont(name: string, src: string | Buffer): this;
    font(name: string): this;
    fontSize(size: number): this;
    text(text: string, x?: number | TextOptions, y?: number, options?: TextOptions): this;
    moveDown(lines?: number): this;
    moveTo(x: number, y: number): this;
    lineTo(x: number, y: number): this;
    stroke(): this;
    on(event: 'data', listener: (chunk: Buffer) => void): this;
    on(event: 'end', listener: () => void): this;
    on(event: 'error', listener: (error: Error) => void): this;
    end(): void;
  }
}
