/**
 * Stands in for @radix-ui/react-dialog, which cmdk imports for its `Command.Dialog` only: the
 * palette sits in an antd Modal instead, so the dialog's ~4 KB gzip (focus scope, scroll lock,
 * portal) would be dead weight in the palette's chunk (vite.config.ts aliases it here;
 * docs/decisions/dashboard.md, "Command palette"). Using `Command.Dialog` fails loudly.
 */
function unavailable(): never {
  throw new Error('cmdk Command.Dialog is not available: put Command in an antd Modal');
}

export const Root = unavailable;
export const Portal = unavailable;
export const Overlay = unavailable;
export const Content = unavailable;
