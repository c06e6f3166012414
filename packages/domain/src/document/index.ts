export * from './define-document.ts';
export * from './document-stamps.ts';
