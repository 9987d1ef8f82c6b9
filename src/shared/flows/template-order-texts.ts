import type { Locale } from '../../i18n/locales.ts';
import type { FlowText } from './template-texts.ts';

/** Order-based templates (restaurant and shop systems) that reuse a booking kind with order wording. */
export const ORDER_TEMPLATES = ['orderCreated', 'orderStatus', 'orderCancelled', 'orderReview', 'repeatOrder'] as const;
export type OrderTemplate = (typeof ORDER_TEMPLATES)[number];

export const ORDER_TEXTS: Record<Locale, Record<OrderTemplate, FlowText>> = {
  ru: {
    orderCreated: {
      title: 'Заказ принят',
      content: '{clientName}, спасибо за заказ №{orderNum} в {shopName}!\n{orderItems}\nСумма: *{orderSum}*. Доставим по адресу {deliveryAddress} к {deliveryTime}.',
    },
    orderStatus: {
      title: 'Статус заказа',
      content: '{clientName}, статус заказа №{orderNum} изменился. Курьер {courierName} привезёт его к {deliveryTime}.',
    },
    orderCancelled: {
      title: 'Заказ отменён',
      content: '{clientName}, заказ №{orderNum} на сумму {orderSum} отменён. Если это ошибка, позвоните нам: {companyPhone}',
    },
    orderReview: {
      title: 'Отзыв о заказе',
      content: '{clientName}, приятного аппетита! Расскажите, понравился ли заказ №{orderNum}: {reviewForm}',
    },
    repeatOrder: {
      title: 'Приглашение к новому заказу',
      content: '{clientName}, давно не заказывали в {shopName}! Соберите новый заказ — мы доставим его горячим.',
    },
  },
  en: {
    orderCreated: {
      title: 'Order received',
      content: '{clientName}, thank you for order #{orderNum} at {shopName}!\n{orderItems}\nTotal: *{orderSum}*. We will deliver to {deliveryAddress} by {deliveryTime}.',
    },
    orderStatus: {
      title: 'Order status',
      content: '{clientName}, the status of order #{orderNum} has changed. {courierName} will bring it by {deliveryTime}.',
    },
    orderCancelled: {
      title: 'Order cancelled',
      content: '{clientName}, order #{orderNum} for {orderSum} has been cancelled. If this is a mistake, call us: {companyPhone}',
    },
    orderReview: {
      title: 'Order review',
      content: '{clientName}, enjoy your meal! Tell us how you liked order #{orderNum}: {reviewForm}',
    },
    repeatOrder: {
      title: 'Repeat order invitation',
      content: '{clientName}, we have missed you at {shopName}! Place a new order and we will deliver it hot.',
    },
  },
  uk: {
    orderCreated: {
      title: 'Замовлення прийнято',
      content: '{clientName}, дякуємо за замовлення №{orderNum} у {shopName}!\n{orderItems}\nСума: *{orderSum}*. Доставимо за адресою {deliveryAddress} до {deliveryTime}.',
    },
    orderStatus: {
      title: 'Статус замовлення',
      content: '{clientName}, статус замовлення №{orderNum} змінився. Кур’єр {courierName} привезе його до {deliveryTime}.',
    },
    orderCancelled: {
      title: 'Замовлення скасовано',
      content: '{clientName}, замовлення №{orderNum} на суму {orderSum} скасовано. Якщо це помилка, зателефонуйте нам: {companyPhone}',
    },
    orderReview: {
      title: 'Відгук про замовлення',
      content: '{clientName}, смачного! Розкажіть, чи сподобалося замовлення №{orderNum}: {reviewForm}',
    },
    repeatOrder: {
      title: 'Запрошення до нового замовлення',
      content: '{clientName}, давно не замовляли в {shopName}! Зберіть нове замовлення — ми доставимо його гарячим.',
    },
  },
  'pt-BR': {
    orderCreated: {
      title: 'Pedido recebido',
      content: '{clientName}, obrigado pelo pedido nº {orderNum} em {shopName}!\n{orderItems}\nTotal: *{orderSum}*. Entregaremos em {deliveryAddress} até {deliveryTime}.',
    },
    orderStatus: {
      title: 'Status do pedido',
      content: '{clientName}, o status do pedido nº {orderNum} mudou. {courierName} vai entregá-lo até {deliveryTime}.',
    },
    orderCancelled: {
      title: 'Pedido cancelado',
      content: '{clientName}, o pedido nº {orderNum} no valor de {orderSum} foi cancelado. Se for um engano, ligue para nós: {companyPhone}',
    },
    orderReview: {
      title: 'Avaliação do pedido',
      content: '{clientName}, bom apetite! Conte como foi o pedido nº {orderNum}: {reviewForm}',
    },
    repeatOrder: {
      title: 'Convite para um novo pedido',
      content: '{clientName}, sentimos sua falta no {shopName}! Faça um novo pedido e entregaremos quentinho.',
    },
  },
};
