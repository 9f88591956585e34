import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { chromium, type Browser, type Page } from 'playwright-core'

/** Debian's Chromium, which scripts/test.sh installs when it is missing. */
export const CHROMIUM = '/usr/bin/chromium'

/** Why the browser tests cannot run here, or undefined when they can. */
export function whyNoBrowser(): string | undefined {
  return existsSync(CHROMIUM) ? undefined : `${CHROMIUM} is missing (scripts/test.sh installs it with apt-get install -y chromium)`
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  })
}

interface AxeViolation {
  readonly id: string
  readonly impact: string | null
  readonly nodes: readonly { readonly target: readonly string[] }[]
}

const AXE_SCRIPT = createRequire(import.meta.url).resolve('axe-core/axe.min.js')

/**
 * The serious and critical accessibility violations axe-core finds on the page. axe is injected
 * as a script, so the page's context must bypass its CSP (which rightly refuses injected code).
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE_SCRIPT })
  const violations = await page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run(): Promise<{ violations: AxeViolation[] }> } }).axe
    return (await axe.run()).violations
  })
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}
