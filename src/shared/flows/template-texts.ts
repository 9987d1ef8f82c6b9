import type { Locale } from '../../i18n/locales.ts';
import type { FlowKind } from './kinds.ts';

/** A flow's default title and message text. */
export interface FlowText {
  title: string;
  content: string;
}

/**
 * Default texts of every flow kind in every interface language. Variables use the stored `{name}` form of
 * variables.ts; `*bold*` and `_italic_` are the message markup. Booking kinds speak to a salon's client, reports to
 * the owner, the abandoned cart to a shop/restaurant customer.
 */
export const FLOW_TEXTS: Record<Locale, Record<FlowKind, FlowText>> = {
  ru: {
    recordReminder: {
      title: 'Напоминание о записи',
      content:
        'Здравствуйте, {clientName}! Напоминаем, что вы записаны на *{serviceTitle}* {recordDate} в {recordTime}, мастер {masterName}.\n{companyName}, {companyAddress}.\nЕсли планы изменились, перенесите запись: {recordForm}',
    },
    newRecord: {
      title: 'Новая запись',
      content:
        '{clientName}, вы записаны на *{serviceTitle}* {recordDate} в {recordTime}, мастер {masterName}. Ждём вас по адресу {companyAddress}!\nИзменить запись: {recordForm}',
    },
    changedRecord: {
      title: 'Изменение записи',
      content:
        '{clientName}, ваша запись изменена: *{serviceTitle}* {recordDate} в {recordTime}, мастер {masterName}.\nВопросы — по телефону {companyPhone}.',
    },
    cancelledRecord: {
      title: 'Отмена записи',
      content:
        '{clientName}, ваша запись на {serviceTitle} {recordDate} в {recordTime} отменена. Записаться на другое время: {recordForm}',
    },
    reviewRequest: {
      title: 'Просьба об отзыве',
      content:
        '{clientName}, спасибо, что посетили {companyName}! Нам важно ваше мнение: оцените, пожалуйста, визит к мастеру {masterName}: {reviewForm}',
    },
    birthday: {
      title: 'Поздравление с днём рождения',
      content:
        '{clientName}, поздравляем с днём рождения! 🎉 Дарим вам *скидку 10%* на любую услугу в течение недели. Записаться: {recordForm}\n{companyName}',
    },
    repeatVisit: {
      title: 'Приглашение на повторный визит',
      content:
        '{clientName}, с последнего визита на {serviceTitle} прошло уже немало времени. Будем рады видеть вас снова! Выберите удобное время: {recordForm}',
    },
    dailyReport: {
      title: 'Ежедневный отчёт',
      content: 'Отчёт за {reportDate}:\nзаписей — {recordsCount}\nновых клиентов — {newClientsCount}\nвыручка — {revenue}',
    },
    weeklyReport: {
      title: 'Еженедельный отчёт',
      content: 'Итоги недели до {reportDate}:\nзаписей — {recordsCount}\nновых клиентов — {newClientsCount}\nвыручка — {revenue}',
    },
    crossSell: {
      title: 'Дополнительная услуга',
      content:
        '{clientName}, спасибо, что выбрали {serviceTitle}! Многие наши клиенты дополняют её уходом для волос — запишитесь в удобное время: {recordForm}',
    },
    abandonedCart: {
      title: 'Брошенная корзина',
      content:
        '{clientName}, вы не завершили заказ №{orderNum} на сумму {orderSum}:\n{orderItems}\nОформить и оплатить можно по ссылке: {paymentLink}',
    },
    distribution: { title: 'Рассылка', content: 'Здравствуйте, {clientName}! ' },
  },
  en: {
    recordReminder: {
      title: 'Appointment reminder',
      content:
        'Hello, {clientName}! This is a reminder of your *{serviceTitle}* appointment on {recordDate} at {recordTime} with {masterName}.\n{companyName}, {companyAddress}.\nIf your plans have changed, reschedule here: {recordForm}',
    },
    newRecord: {
      title: 'New appointment',
      content:
        '{clientName}, you are booked for *{serviceTitle}* on {recordDate} at {recordTime} with {masterName}. See you at {companyAddress}!\nChange your booking: {recordForm}',
    },
    changedRecord: {
      title: 'Appointment changed',
      content:
        '{clientName}, your appointment has changed: *{serviceTitle}* on {recordDate} at {recordTime} with {masterName}.\nQuestions? Call us at {companyPhone}.',
    },
    cancelledRecord: {
      title: 'Appointment cancelled',
      content: '{clientName}, your {serviceTitle} appointment on {recordDate} at {recordTime} has been cancelled. Book another time: {recordForm}',
    },
    reviewRequest: {
      title: 'Review request',
      content:
        '{clientName}, thank you for visiting {companyName}! Your opinion matters to us: please rate your visit with {masterName}: {reviewForm}',
    },
    birthday: {
      title: 'Birthday greeting',
      content:
        'Happy birthday, {clientName}! 🎉 Enjoy *10% off* any service this week. Book here: {recordForm}\n{companyName}',
    },
    repeatVisit: {
      title: 'Repeat visit invitation',
      content:
        '{clientName}, it has been a while since your last {serviceTitle}. We would love to see you again! Pick a convenient time: {recordForm}',
    },
    dailyReport: {
      title: 'Daily report',
      content: 'Report for {reportDate}:\nbookings — {recordsCount}\nnew clients — {newClientsCount}\nrevenue — {revenue}',
    },
    weeklyReport: {
      title: 'Weekly report',
      content: 'Week ending {reportDate}:\nbookings — {recordsCount}\nnew clients — {newClientsCount}\nrevenue — {revenue}',
    },
    crossSell: {
      title: 'Additional service',
      content:
        '{clientName}, thank you for choosing {serviceTitle}! Many of our clients pair it with a hair care treatment — book a time that suits you: {recordForm}',
    },
    abandonedCart: {
      title: 'Abandoned cart',
      content: '{clientName}, you have not finished order #{orderNum} for {orderSum}:\n{orderItems}\nComplete and pay here: {paymentLink}',
    },
    distribution: { title: 'Distribution', content: 'Hello, {clientName}! ' },
  },
  uk: {
    recordReminder: {
      title: 'Нагадування про запис',
      content:
        'Вітаємо, {clientName}! Нагадуємо, що ви записані на *{serviceTitle}* {recordDate} о {recordTime}, майстер {masterName}.\n{companyName}, {companyAddress}.\nЯкщо плани змінилися, перенесіть запис: {recordForm}',
    },
    newRecord: {
      title: 'Новий запис',
      content:
        '{clientName}, ви записані на *{serviceTitle}* {recordDate} о {recordTime}, майстер {masterName}. Чекаємо на вас за адресою {companyAddress}!\nЗмінити запис: {recordForm}',
    },
    changedRecord: {
      title: 'Зміна запису',
      content:
        '{clientName}, ваш запис змінено: *{serviceTitle}* {recordDate} о {recordTime}, майстер {masterName}.\nПитання — за телефоном {companyPhone}.',
    },
    cancelledRecord: {
      title: 'Скасування запису',
      content: '{clientName}, ваш запис на {serviceTitle} {recordDate} о {recordTime} скасовано. Записатися на інший час: {recordForm}',
    },
    reviewRequest: {
      title: 'Прохання про відгук',
      content:
        '{clientName}, дякуємо, що завітали до {companyName}! Нам важлива ваша думка: оцініть, будь ласка, візит до майстра {masterName}: {reviewForm}',
    },
    birthday: {
      title: 'Привітання з днем народження',
      content:
        '{clientName}, вітаємо з днем народження! 🎉 Даруємо вам *знижку 10%* на будь-яку послугу протягом тижня. Записатися: {recordForm}\n{companyName}',
    },
    repeatVisit: {
      title: 'Запрошення на повторний візит',
      content:
        '{clientName}, з останнього візиту на {serviceTitle} минуло вже чимало часу. Будемо раді бачити вас знову! Оберіть зручний час: {recordForm}',
    },
    dailyReport: {
      title: 'Щоденний звіт',
      content: 'Звіт за {reportDate}:\nзаписів — {recordsCount}\nнових клієнтів — {newClientsCount}\nвиторг — {revenue}',
    },
    weeklyReport: {
      title: 'Щотижневий звіт',
      content: 'Підсумки тижня до {reportDate}:\nзаписів — {recordsCount}\nнових клієнтів — {newClientsCount}\nвиторг — {revenue}',
    },
    crossSell: {
      title: 'Додаткова послуга',
      content:
        '{clientName}, дякуємо, що обрали {serviceTitle}! Багато наших клієнтів доповнюють її доглядом за волоссям — запишіться у зручний час: {recordForm}',
    },
    abandonedCart: {
      title: 'Покинутий кошик',
      content:
        '{clientName}, ви не завершили замовлення №{orderNum} на суму {orderSum}:\n{orderItems}\nОформити й оплатити можна за посиланням: {paymentLink}',
    },
    distribution: { title: 'Розсилка', content: 'Вітаємо, {clientName}! ' },
  },
  'pt-BR': {
    recordReminder: {
      title: 'Lembrete de agendamento',
      content:
        'Olá, {clientName}! Lembramos do seu agendamento de *{serviceTitle}* em {recordDate} às {recordTime} com {masterName}.\n{companyName}, {companyAddress}.\nSe seus planos mudaram, remarque aqui: {recordForm}',
    },
    newRecord: {
      title: 'Novo agendamento',
      content:
        '{clientName}, seu horário de *{serviceTitle}* está marcado para {recordDate} às {recordTime} com {masterName}. Esperamos você em {companyAddress}!\nAlterar agendamento: {recordForm}',
    },
    changedRecord: {
      title: 'Agendamento alterado',
      content:
        '{clientName}, seu agendamento foi alterado: *{serviceTitle}* em {recordDate} às {recordTime} com {masterName}.\nDúvidas? Ligue para {companyPhone}.',
    },
    cancelledRecord: {
      title: 'Agendamento cancelado',
      content:
        '{clientName}, seu agendamento de {serviceTitle} em {recordDate} às {recordTime} foi cancelado. Agende outro horário: {recordForm}',
    },
    reviewRequest: {
      title: 'Pedido de avaliação',
      content:
        '{clientName}, obrigado pela visita ao {companyName}! Sua opinião é importante: avalie, por favor, o atendimento de {masterName}: {reviewForm}',
    },
    birthday: {
      title: 'Feliz aniversário',
      content:
        'Feliz aniversário, {clientName}! 🎉 Ganhe *10% de desconto* em qualquer serviço nesta semana. Agende aqui: {recordForm}\n{companyName}',
    },
    repeatVisit: {
      title: 'Convite para nova visita',
      content:
        '{clientName}, já faz um tempo desde o seu último {serviceTitle}. Adoraríamos ver você de novo! Escolha um horário: {recordForm}',
    },
    dailyReport: {
      title: 'Relatório diário',
      content: 'Relatório de {reportDate}:\nagendamentos — {recordsCount}\nclientes novos — {newClientsCount}\nfaturamento — {revenue}',
    },
    weeklyReport: {
      title: 'Relatório semanal',
      content: 'Semana até {reportDate}:\nagendamentos — {recordsCount}\nclientes novos — {newClientsCount}\nfaturamento — {revenue}',
    },
    crossSell: {
      title: 'Serviço adicional',
      content:
        '{clientName}, obrigado por escolher {serviceTitle}! Muitos clientes complementam com um tratamento capilar — agende no horário que preferir: {recordForm}',
    },
    abandonedCart: {
      title: 'Carrinho abandonado',
      content:
        '{clientName}, você não finalizou o pedido nº {orderNum} no valor de {orderSum}:\n{orderItems}\nConclua e pague aqui: {paymentLink}',
    },
    distribution: { title: 'Campanha', content: 'Olá, {clientName}! ' },
  },
};
