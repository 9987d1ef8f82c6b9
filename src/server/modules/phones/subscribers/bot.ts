import type { ServerConfig } from '../../../platform/config.ts';
import { postJson } from '../../../delivery/channels/provider-http.ts';

/**
 * The bot's own answers in the subscribe dialogue (service messages: not planned, not in the outbox or the log).
 * Plain text without parse_mode, so nothing needs escaping.
 */
const TEXTS = {
  en: {
    askContact: 'Thank you for subscribing! Share your phone number with the button below so the business knows it is you.',
    shareButton: 'Share my phone number',
    linked: 'Done: your number is saved. Send /stop to unsubscribe.',
    foreignContact: 'Please share your own number with the button below.',
    stopped: 'You have unsubscribed: messages will no longer come here.',
    otherBusiness: 'This subscription link belongs to another business, so this bot cannot accept it. Please open the link the business gave you again.',
  },
  ru: {
    askContact: 'Спасибо за подписку! Поделитесь номером телефона кнопкой ниже, чтобы компания узнала вас.',
    shareButton: 'Поделиться номером',
    linked: 'Готово: номер сохранён. Чтобы отписаться, отправьте /stop.',
    foreignContact: 'Пожалуйста, поделитесь своим номером кнопкой ниже.',
    stopped: 'Вы отписались: сообщения сюда больше не придут.',
    otherBusiness: 'Эта ссылка для подписки относится к другой компании, поэтому этот бот не может её принять. Откройте ссылку, которую вам дала компания, ещё раз.',
  },
  uk: {
    askContact: 'Дякуємо за підписку! Поділіться номером телефону кнопкою нижче, щоб компанія впізнала вас.',
    shareButton: 'Поділитися номером',
    linked: 'Готово: номер збережено. Щоб відписатися, надішліть /stop.',
    foreignContact: 'Будь ласка, поділіться своїм номером кнопкою нижче.',
    stopped: 'Ви відписалися: повідомлення сюди більше не надходитимуть.',
    otherBusiness: 'Це посилання для підписки належить іншій компанії, тому цей бот не може його прийняти. Відкрийте посилання, яке вам дала компанія, ще раз.',
  },
  pt: {
    askContact: 'Obrigado por se inscrever! Compartilhe seu número de telefone com o botão abaixo para a empresa saber que é você.',
    shareButton: 'Compartilhar meu número',
    linked: 'Pronto: seu número foi salvo. Envie /stop para cancelar a inscrição.',
    foreignContact: 'Compartilhe o seu próprio número com o botão abaixo.',
    stopped: 'Você cancelou a inscrição: as mensagens não chegarão mais aqui.',
    otherBusiness: 'Este link de inscrição pertence a outra empresa, por isso este bot não pode aceitá-lo. Abra de novo o link que a empresa lhe deu.',
  },
} as const;

export type BotText = keyof (typeof TEXTS)['en'];

/** The client's Telegram language (`from.language_code`, IETF tag) mapped to one the bot speaks; English otherwise. */
export const botLanguage = (code: unknown): keyof typeof TEXTS => {
  const base = typeof code === 'string' ? code.slice(0, 2).toLowerCase() : '';
  return base === 'ru' || base === 'uk' || base === 'pt' ? base : 'en';
};

/** Sends one service message; failures are only logged (the webhook must still answer 200). */
export async function say(bot: ServerConfig['telegramBot'], chatId: string, text: BotText, language: keyof typeof TEXTS, askContact = false): Promise<boolean> {
  if (!bot.token) return false;
  const t = TEXTS[language];
  const payload = {
    chat_id: chatId,
    text: t[text],
    // request_contact: the client's app sends their own contact card on a tap (Bot API KeyboardButton); once the
    // number is known the keyboard is removed (ReplyKeyboardRemove).
    reply_markup: askContact
      ? { keyboard: [[{ text: t.shareButton, request_contact: true }]], one_time_keyboard: true, resize_keyboard: true }
      : { remove_keyboard: true },
  };
  const reply = await postJson(`${bot.apiUrl.replace(/\/+$/, '')}/bot${bot.token}/sendMessage`, payload, {}, 10_000);
  return 'status' in reply && reply.status === 200;
}
