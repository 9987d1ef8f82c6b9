import type { components } from '../../api/schema.d.ts';
import { api } from '../../api/browser.ts';

export type Subscriber = components['schemas']['Subscriber'];
export type SubscriberList = components['schemas']['SubscriberList'];
export type SubscriberStatus = Subscriber['status'];
export type SubscriberChannel = Subscriber['channel'];

export const STATUSES: SubscriberStatus[] = ['active', 'unsubscribed'];
export const CHANNELS: SubscriberChannel[] = ['waha', 'telegram', 'twilio', 'sigma', 'waba', 'sandbox'];
const PAGE_SIZE = 20;

export interface SubscriberFilters {
  search: string;
  status?: SubscriberStatus;
  channel?: SubscriberChannel;
}

export const listSubscribers = (page: number, f: SubscriberFilters) =>
  api().GET('/Phones/Subscribers', {
    params: { query: { page, pageSize: PAGE_SIZE, ...(f.search.trim() ? { search: f.search.trim() } : {}), ...(f.status ? { status: f.status } : {}), ...(f.channel ? { channel: f.channel } : {}) } },
  });
export const subscribersPage = async (page: number, f: SubscriberFilters) => (await listSubscribers(page, f)).data;
export const addSubscriber = (phone: string, name: string, channel: SubscriberChannel) =>
  api().POST('/Phones/Subscribers', { body: { phone: phone.trim(), channel, ...(name.trim() ? { name: name.trim() } : {}) } });
export const setSubscribed = (subscriberId: number, on: boolean) =>
  api().POST(on ? '/Phones/Subscribers/{subscriberId}/Resubscribe' : '/Phones/Subscribers/{subscriberId}/Unsubscribe', { params: { path: { subscriberId } } });
export const removeSubscriber = (subscriberId: number) => api().DELETE('/Phones/Subscribers/{subscriberId}', { params: { path: { subscriberId } } });
export const subscribeLink = () => api().GET('/Phones/Subscribers/Link');

/** How a row is named in buttons and notices: the phone when shared, else the Telegram name. */
export const who = (s: Subscriber) => (s.phone ? `+${s.phone}` : s.name || `#${s.id}`);
