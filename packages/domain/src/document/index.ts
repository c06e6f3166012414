export * from './define-document.ts';
