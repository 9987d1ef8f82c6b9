import { useState, type FormEvent } from 'react';
import type { T } from '../../../i18n/translate.ts';
import { explainFieldErrors, explainProblem } from '../../../api/explain-problem.ts';
import type { Outcome } from '../store.ts';

/**
 * An add form's state: the values, an error per field (an empty required field, or the server's error at that
 * field), the form's own problem (a provider that did not answer, a conflict) and the busy flag. A save empties
 * every field, so a secret typed once does not stay on the page.
 */
export function useAddForm<F extends string, R>(t: T, initial: Record<F, string>, required: readonly F[]) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);

  const set = (field: F) => (event: { target: { value: string } }) => setValues({ ...values, [field]: event.target.value });

  /** Checks the required fields, runs `save`, and puts each error where it belongs; `done` gets the saved row. */
  const submit = (save: (values: Record<F, string>) => Promise<Outcome<R>>, done: (row: R) => void) => async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setProblem(undefined);
    const missing = Object.fromEntries(required.filter((f) => !values[f].trim()).map((f) => [f, t('problem.required')])) as Partial<Record<F, string>>;
    setErrors(missing);
    if (Object.keys(missing).length) return;
    setBusy(true);
    const result = await save(values);
    setBusy(false);
    const refused = result.problem;
    if (!refused) {
      setValues(initial);
      return done(result.data as R);
    }
    const fields = explainFieldErrors(refused.errors, t) as Partial<Record<F, string>>;
    const known = Object.fromEntries(Object.entries(fields).filter(([f]) => f in initial)) as Partial<Record<F, string>>;
    setErrors(known);
    if (!Object.keys(known).length) setProblem(explainProblem(refused, t));
  };

  return { values, errors, problem, busy, set, submit };
}
