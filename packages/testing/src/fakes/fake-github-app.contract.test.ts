import { githubAppContract } from '../contracts/index.ts'
import { FakeGithubApp } from './fake-github-app.ts'

githubAppContract('fake', async (installations) => {
  const [app, refusedApp] = [new FakeGithubApp(), new FakeGithubApp()]
  for (const { id, login } of installations) {
    app.install(id, login)
    refusedApp.install(id, login)
  }
  refusedApp.acceptsApp = false
  return {
    app,
    refusedApp,
    accepts: (token) => token === app.token,
    async goDown() {
      app.reachable = false
    },
    async dispose() {},
  }
})
