// The one React UI kit of every island. Import from here (tree-shaken per island).
export * from './classes.ts';
export * from './format.ts';
export { Field, TextField, Checkbox, SubmitButton, FormMessage } from './field.tsx';
export { Pager } from './pager.tsx';
export { ListState, ListStatus } from './list-states.tsx';
export { Section } from './section.tsx';
export { ConfirmDialog } from './confirm-dialog.tsx';
export { Select } from './select.tsx';
