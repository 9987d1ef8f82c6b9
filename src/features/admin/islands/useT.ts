import { useMemo } from 'react';
import { createT } from '../../../i18n/translate.ts';
import type { AdminProps } from './props.ts';

export const useT = (props: Pick<AdminProps, 'locale' | 'messages'>) => useMemo(() => createT(props.locale, props.messages), [props.locale, props.messages]);
