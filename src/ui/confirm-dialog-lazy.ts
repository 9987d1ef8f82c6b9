// For `lazy(() => import('…/ui/confirm-dialog-lazy.ts'))`: a screen that loads the dialog when it first asks. A
// module of its own, so the dialog's module is only ever imported statically (importing it both ways makes the
// bundler add a namespace helper to the runtime every page loads).
export { ConfirmDialog as default } from './confirm-dialog.tsx';
