export * from './setup.ts';
export * from './system.ts';
export * from './accounting.ts';
export * from './inventory.ts';
export * from './transfers.ts';
export * from './purchasing.ts';
export * from './sales.ts';
