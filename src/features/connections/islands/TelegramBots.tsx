import { useMemo, useState } from 'react';
import { useStore } from '@nanostores/react';
import { createT } from '../../../i18n/translate.ts';
import { notify } from '../../../scripts/notify.ts';
import { TextField } from '../../../ui/field.tsx';
import { buttonClass } from '../../../ui/classes.ts';
import { $telegram, addTelegramBot, deleteTelegramBot, isConnected, loadTelegramBots, type TelegramBot } from '../store.ts';
import type { ConnectionsProps } from './props.ts';
import { StateBadge } from './StateBadge.tsx';
import { ProviderList } from './ProviderList.tsx';
import { TelegramCode } from './TelegramCode.tsx';
import { useAddForm } from './use-add-form.ts';

const EMPTY = { token: '' };

/** §2 /accounts/telegram: the owner's bots, added by token and proven theirs by a code the bot sends. */
export default function TelegramBots(props: ConnectionsProps) {
  const t = useMemo(() => createT(props.locale, props.messages), [props.locale, props.messages]);
  const list = useStore($telegram);
  const form = useAddForm<'token', TelegramBot>(t, EMPTY, ['token']);
  const [confirming, setConfirming] = useState<number>();
  const open = list.items.find((b) => b.id === confirming);
  const onSubmit = form.submit((v) => addTelegramBot(v.token), (bot) => {
    notify('success', t('telegram.added', { name: bot.name }));
    setConfirming(bot.id);
  });
  const reason = (bot: TelegramBot) =>
    bot.lastError === 'codeNotSent' ? t('server.telegramCodeNotSent') : bot.lastError === 'credentialsUnreadable' ? t('telegram.unreadable') : undefined;

  return (
    <ProviderList
      t={t}
      kind="telegram"
      list={list}
      load={loadTelegramBots}
      remove={async (id) => {
        const result = await deleteTelegramBot(id);
        if (result.data && id === confirming) setConfirming(undefined);
        return result;
      }}
      emptyIcon="i-lucide-send"
      nameOf={(b) => b.name}
      form={{
        ...form,
        onSubmit,
        fields: (
          <TextField label={t('telegram.token')} hint={t('telegram.tokenHint')} type="password" name="token" maxLength={100} autoComplete="off" required value={form.values.token} error={form.errors.token} onChange={form.set('token')} />
        ),
      }}
      columns={[
        { header: t('col.name'), cell: (b) => b.name },
        { header: t('telegram.token'), cell: (b) => <span className="font-mono" data-masked>{b.tokenMasked}</span> },
        {
          header: t('col.state'),
          cell: (b) => <StateBadge t={t} number={b} label={b.state === 'init' ? t('telegram.waiting') : undefined} reason={reason(b)} />,
        },
      ]}
      rowActions={(b) =>
        !isConnected(b.state) && (
          <button type="button" className={buttonClass} aria-label={t('telegram.confirmLabel', { name: b.name })} onClick={() => setConfirming(b.id)}>{t('telegram.confirm')}</button>
        )
      }
    >
      {open && !isConnected(open.state) && (
        <TelegramCode
          key={open.id}
          t={t}
          bot={open}
          onClose={() => setConfirming(undefined)}
          onDone={(bot) => {
            setConfirming(undefined);
            notify('success', t('telegram.connected', { name: bot.name }));
          }}
        />
      )}
    </ProviderList>
  );
}
