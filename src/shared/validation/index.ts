// Pure validation rules of §5 and the texts of §8, shared by the browser screens and the reference server.
export * from './messages.ts';
export * from './rules.ts';
export * from './forms.ts';
export * from './phone.ts';
export * from './register-form.ts';
