export { IsomorphicGitVcsClient, type IsomorphicGitVcsClientOptions } from './isomorphic-git-vcs-client.ts'
export { GithubAppClient, type GithubAppClientOptions } from './github-app-client.ts'
export { allowedHostProblem, splitAllowedHosts } from './destination-policy.ts'
