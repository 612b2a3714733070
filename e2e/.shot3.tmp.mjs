import { chromium } from 'playwright-core'
const base = 'http://localhost:3777'
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] })
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
await page.goto(base + '/login')
await page.getByLabel('Email or Mobile').fill('admin@example.com')
await page.getByRole('textbox', { name: /^Password/ }).fill('Demo@1234')
await page.getByRole('button', { name: 'Login' }).click()
await page.waitForURL(base + '/')
for (const [name, path] of [['clients', '/clients'], ['projects', '/projects'], ['approvals', '/admin/approvals']]) {
  await page.goto(base + path); await page.waitForTimeout(1500); await page.screenshot({ path: `/tmp/shots/${name}.png` })
}
await page.goto(base + '/projects'); await page.waitForTimeout(800)
await page.getByRole('link', { name: 'Sunrise ETP Upgrade' }).first().click(); await page.waitForTimeout(1500)
await page.screenshot({ path: '/tmp/shots/project.png' })
await page.getByRole('tab', { name: /Billing/ }).click(); await page.waitForTimeout(1200)
await page.screenshot({ path: '/tmp/shots/billing.png' })
await page.getByRole('tab', { name: /Documents/ }).click(); await page.waitForTimeout(1200)
await page.screenshot({ path: '/tmp/shots/documents.png' })
await page.getByRole('tab', { name: /Access/ }).click(); await page.waitForTimeout(1200)
await page.screenshot({ path: '/tmp/shots/access.png' })
await browser.close()
