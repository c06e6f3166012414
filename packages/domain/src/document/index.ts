export * from './define-document.ts';
export * from './document-stamps.ts';
export * from './posted-record.ts';
