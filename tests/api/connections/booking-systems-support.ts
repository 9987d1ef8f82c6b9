import { expect, vi } from 'vitest';
import type { FakeCompany } from '../../fakes/yclients-fake.ts';
import type { TestServer } from '../harness.ts';

// Shared by the booking-systems tests (docs/booking-systems.md): a company in the double, the overview, waiting for a pull.

let companySeq = 5000;

/** A company in the double with `clients` clients (one with a phone nobody can message), 3 masters (one fired). */
export function fakeCompany(companies: Map<number, FakeCompany>, clients = 3, title = 'Salon'): number {
  const id = ++companySeq;
  companies.set(id, {
    title: `${title} ${id}`,
    city: 'Kazan',
    timezone: 3,
    staff: [
      { id: 11, name: 'Anna' },
      { id: 12, name: 'Olga' },
      { id: 13, name: 'Gone', fired: 1 },
    ],
    services: [{ id: 21, title: 'Haircut', price_min: 1500 }],
    clients: [
      ...Array.from({ length: clients }, (_, i) => ({ id: i + 1, name: `Client ${i + 1}`, phone: `+7916${String(id).padStart(4, '0')}${String(i).padStart(3, '0')}` })),
      { id: clients + 1, name: 'No phone', phone: '12' },
    ],
    hooks: { urls: ['https://owner.example/other-hook'], active: 1, record: 0 },
  });
  return id;
}

export const overview = async (server: TestServer, token: string, system = 'yclients') => (await server.call('GET', `/Accounts/BookingSystems/${system}`, { token })).body;

/** The company once its pull is no longer running. */
export async function settled(server: TestServer, token: string, id: number, system = 'yclients') {
  let company: any;
  await vi.waitFor(
    async () => {
      company = (await overview(server, token, system)).companies.find((c: { id: number }) => c.id === id);
      expect(company?.sync.state).not.toBe('running');
    },
    { timeout: 30_000, interval: 50 },
  );
  return company;
}
