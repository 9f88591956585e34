// Progressive enhancement for Cairn's pages: everything works without this file; it adds
// as-you-type search, ARIA tabs, the copy button, auto-submitting version choice and uploads.
/* global document, window, navigator, fetch, URLSearchParams, DOMParser, FormData, setTimeout, clearTimeout */
'use strict'

function liveSearch(form) {
  let timer
  let latest = 0
  const run = async () => {
    const query = new URLSearchParams(new FormData(form)).toString()
    const asked = ++latest
    const response = await fetch(`?${query}`, { headers: { Accept: 'text/html' } })
    if (asked !== latest || !response.ok) return
    const page = new DOMParser().parseFromString(await response.text(), 'text/html')
    const fresh = page.getElementById('results')
    const current = document.getElementById('results')
    if (fresh !== null && current !== null) current.replaceWith(fresh)
    window.history.replaceState(null, '', `?${query}`)
  }
  form.addEventListener('change', () => {
    clearTimeout(timer)
    void run()
  })
  form.addEventListener('input', () => {
    clearTimeout(timer)
    timer = setTimeout(run, 250)
  })
}

function tabs(container) {
  const links = [...container.querySelectorAll('.tablist a')]
  const list = container.querySelector('.tablist')
  list.setAttribute('role', 'tablist')
  for (const item of list.querySelectorAll('li')) item.setAttribute('role', 'presentation')
  const select = (index, focus) => {
    links.forEach((link, i) => {
      const panel = document.getElementById(link.hash.slice(1))
      const on = i === index
      link.setAttribute('aria-selected', String(on))
      link.tabIndex = on ? 0 : -1
      panel.hidden = !on
    })
    if (focus) links[index].focus()
  }
  links.forEach((link, index) => {
    const panel = document.getElementById(link.hash.slice(1))
    link.setAttribute('role', 'tab')
    link.setAttribute('aria-controls', panel.id)
    panel.setAttribute('role', 'tabpanel')
    panel.setAttribute('aria-labelledby', link.id)
    panel.tabIndex = 0
    link.addEventListener('click', (event) => {
      event.preventDefault()
      select(index, false)
    })
    link.addEventListener('keydown', (event) => {
      const moves = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: links.length - 1 }
      if (!(event.key in moves)) return
      event.preventDefault()
      select((moves[event.key] + links.length) % links.length, true)
    })
  })
  const fromHash = links.findIndex((link) => link.hash === window.location.hash)
  select(fromHash === -1 ? 0 : fromHash, false)
}

function copyButton(button) {
  const source = document.getElementById(button.dataset.copy)
  const status = button.parentElement.querySelector('.copied')
  button.hidden = false
  button.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(source.textContent)
      status.textContent = 'Copied to the clipboard.'
    } catch {
      status.textContent = 'Copying was refused; select the snippet and copy it by hand.'
    }
  })
}

// The analysis settles a version in seconds; past this, the page stops asking rather than poll forever.
const ANALYSIS_WAIT_MS = 5 * 60_000

/** Why a request was refused: the page's own error, the upload host's JSON:API one, or its status. */
async function refusal(response) {
  try {
    const body = await response.json()
    return body.error ?? body.errors?.[0]?.detail ?? `it answered ${response.status}`
  } catch {
    return `it answered ${response.status}`
  }
}

// The status words come from the page's server (its one table of them): the script never shows a status as the API names it.
function upload(form) {
  const status = form.querySelector('.upload-status')
  const say = (text, failed = false) => {
    status.textContent = text
    status.classList.toggle('error', failed)
  }
  form.addEventListener('submit', async (event) => {
    event.preventDefault()
    const file = form.querySelector('input[type=file]').files[0]
    const fields = new URLSearchParams()
    fields.set('version', form.elements.version.value)
    fields.set('_csrf', form.elements._csrf.value)
    say('Creating the version…')
    const created = await fetch(form.action, { method: 'POST', body: fields, headers: { Accept: 'application/json' } })
    if (!created.ok) {
      say(`Refused: ${await refusal(created)}`, true)
      return
    }
    const answer = await created.json()
    say(answer.again ? `Uploading ${answer.version} again…` : `Uploading ${answer.version}…`)
    const sent = await fetch(answer.uploadUrl, { method: 'PUT', body: file, headers: { 'Content-Type': 'application/octet-stream' } })
    if (!sent.ok) {
      say(`The upload of ${answer.version} was refused: ${await refusal(sent)}`, true)
      return
    }
    // The upload host answers once the archive is stored; its analysis settles the version shortly after.
    const read = async () => {
      const response = await fetch(answer.statusUrl, { headers: { Accept: 'application/json' } })
      return response.ok ? response.json() : { tone: 'failed', text: `Reading the version failed: ${await refusal(response)}` }
    }
    const giveUpAt = Date.now() + ANALYSIS_WAIT_MS
    let version = await read()
    while (version.tone === 'waiting') {
      if (Date.now() >= giveUpAt) {
        say(`Version ${answer.version} is still being analysed after 5 minutes. Reload the page later to see how it ended.`)
        return
      }
      say(`Analysing ${answer.version}…`)
      await new Promise((resolve) => setTimeout(resolve, 500))
      version = await read()
    }
    if (version.tone === 'ready') {
      say(`Version ${answer.version} is ready. Opening it…`)
      window.location.assign(`?version=${encodeURIComponent(answer.version)}`)
    } else {
      say(`Version ${answer.version} — ${version.text}`, true)
    }
  })
}

document.addEventListener('DOMContentLoaded', () => {
  document.querySelectorAll('form[data-live-search]').forEach(liveSearch)
  document.querySelectorAll('[data-tabs]').forEach(tabs)
  document.querySelectorAll('button[data-copy]').forEach(copyButton)
  document.querySelectorAll('form[data-upload]').forEach(upload)
  document.querySelectorAll('form[data-auto-submit] select').forEach((select) => {
    select.addEventListener('change', () => select.form.submit())
    // The choice submits itself; the button is for browsers without this script.
    select.form.querySelector('button[type=submit]').hidden = true
  })
})
