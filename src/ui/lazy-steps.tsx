import { useEffect, useState, type ComponentType } from 'react';
import { loadChunk } from '../shared/lazy.ts';

/**
 * Steps of an editor that ship as separate chunks (the page's initial JS budget): the editor fetches them in the
 * background once its data has loaded (`prefetch`), so moving between steps rarely waits; `LazyStep` renders a step
 * at once when its chunk is in, else a status line (or an alert when it could not load; the next visit tries again).
 * One copy for the flow editor and the distribution editor.
 */
export function lazySteps<S extends string, P extends object>(
  importers: Record<S, () => Promise<{ default: ComponentType<P> }>>,
  texts: (props: P) => { loading: string; loadFailed: string },
  logName: string,
) {
  const loaded: Partial<Record<S, ComponentType<P>>> = {};
  const pending: Partial<Record<S, Promise<ComponentType<P>>>> = {};

  function load(step: S): Promise<ComponentType<P>> {
    pending[step] ??= loadChunk(importers[step]).then(
      (module) => (loaded[step] = module.default),
      (error: unknown) => {
        delete pending[step];
        throw error;
      },
    );
    return pending[step]!;
  }

  const prefetch = () => {
    for (const step of Object.keys(importers) as S[]) load(step).catch(() => undefined);
  };

  function LazyStep({ step, ...props }: P & { step: S }) {
    const [, setReady] = useState(0);
    const [failed, setFailed] = useState(false);
    const Component = loaded[step] as ComponentType<object> | undefined;
    useEffect(() => {
      if (Component) return;
      let live = true;
      setFailed(false);
      load(step).then(
        () => live && setReady((n) => n + 1),
        (error: unknown) => (console.error(`${logName}: step chunk`, error), live && setFailed(true)),
      );
      return () => {
        live = false;
      };
    }, [step, Component]);
    if (Component) return <Component {...props} />;
    const text = texts(props as unknown as P);
    return failed ? <p role="alert" className="text-sm m-0">{text.loadFailed}</p> : <p role="status" className="text-sm text-ink-muted">{text.loading}</p>;
  }

  return { prefetch, LazyStep };
}
