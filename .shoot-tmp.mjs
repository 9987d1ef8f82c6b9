import { chromium } from '@playwright/test';
const base = 'http://main-ru.localhost:4391';
const login = async (email, password) => (await (await fetch('http://127.0.0.1:4391/api/v1/account/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) })).json());
const demo = await login('demo@cabinet.local', 'demo123');
const staff = await login('staff@cabinet.local', 'staff-shots-1');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const shots = process.argv.slice(2);
const all = [
  ['messageLogs', '/insights/message-logs/', demo],
  ['insightsConversion', '/insights/conversion', demo],
  ['adminStatus', '/admin/status/' + (process.env.CID ?? '1'), staff],
  ['adminStatus404', '/admin/status/999999', staff],
  ['adminPromocodeCreate', '/admin/promocodes/create', staff],
  ['adminUserDiagnostics', '/admin/users/' + (process.env.UID ?? '2') + '/diagnostics', staff],
  ['adminInstances', '/admin/instances', staff],
  ['adminUsers', '/admin/users', staff],
];
for (const [name, path, tokens] of all.filter(([n]) => !shots.length || shots.includes(n))) {
  for (const [suffix, viewport] of [['d', { width: 1366, height: 768 }], ['m', { width: 390, height: 844 }]]) {
    const context = await browser.newContext({ viewport, locale: 'ru-RU' });
    await context.addInitScript((t) => { localStorage.setItem('token', t.token); localStorage.setItem('refreshToken', t.refreshToken); }, tokens);
    const page = await context.newPage();
    page.on('console', (m) => m.type() === 'error' && console.log(name, 'console:', m.text()));
    await page.goto(base + path, { waitUntil: 'networkidle' });
    await page.waitForTimeout(800);
    await page.screenshot({ path: `/tmp/wt-l-shots/${name}-${suffix}.png`, fullPage: true });
    if (suffix === 'd') console.log(name, page.url());
    await context.close();
  }
}
await browser.close();
