package main

// The vcs-modules scenario: go-tfe's OAuth clients and tokens and its VCS-based registry module
// calls against Cairn and a git server on loopback. go-tfe v1.111.2 sends:
//
//	OAuthClients.Create      POST   /api/v2/organizations/:org/oauth-clients
//	OAuthTokens.Read         GET    /api/v2/oauth-tokens/:id
//	CreateWithVCSConnection  POST   /api/v2/registry-modules (oauth-token-id, no branch: the deprecated route)
//	                         POST   /api/v2/organizations/:org/registry-modules/vcs (with a branch)
//	Update (vcs-repo)        PATCH  /api/v2/organizations/:org/registry-modules/private/:org/:name/:provider
//	OAuthClients.Delete      DELETE /api/v2/oauth-clients/:id
//
// Environment:
//
//	TFE_ADDRESS       Cairn's base URL
//	TFE_TOKEN         the token of an owner of TFE_ORGANIZATION
//	TFE_ORGANIZATION  an organization with no registry modules yet
//	TFE_GIT_URL       the git host's HTTP base address, serving :org/terraform-aws-vpc (semver
//	                  tags, one of them not semver) and :org/infra (branch main, modules/dns)
//	TFE_GIT_TOKEN     the credential the git host accepts

import (
	"context"
	"os"
	"strings"
	"time"

	"github.com/hashicorp/go-cleanhttp"
	tfe "github.com/hashicorp/go-tfe"
)

func runVcsModules() {
	address := mustEnv("TFE_ADDRESS")
	token := mustEnv("TFE_TOKEN")
	org := mustEnv("TFE_ORGANIZATION")
	gitURL := mustEnv("TFE_GIT_URL")
	gitToken := mustEnv("TFE_GIT_TOKEN")
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()

	rec := &recorder{next: cleanhttp.DefaultPooledTransport()}
	r := &runner{rec: rec}
	client := connect(r, address, token, map[string]any{"organization": org})

	r.step = "oauth-client-create"
	provider := tfe.ServiceProviderGithub
	oc, err := client.OAuthClients.Create(ctx, org, tfe.OAuthClientCreateOptions{
		APIURL: tfe.String(gitURL), HTTPURL: tfe.String(gitURL), OAuthToken: tfe.String(gitToken), ServiceProvider: &provider,
	})
	r.noError(err, "OAuthClients.Create")
	ex := rec.lastExchange()
	r.check(ex.Status == 201, "OAuthClients.Create answered %d, want 201", ex.Status)
	r.check(strings.HasPrefix(oc.ID, "oc-") && oc.HTTPURL == gitURL && oc.ServiceProvider == provider, "decoded %+v", oc)
	r.check(len(oc.OAuthTokens) == 1 && strings.HasPrefix(oc.OAuthTokens[0].ID, "ot-"), "the client names %d oauth tokens", len(oc.OAuthTokens))
	r.check(!strings.Contains(ex.ResponseBody, gitToken), "the response carries the credential")
	r.pass(map[string]any{"id": oc.ID, "token": oc.OAuthTokens[0].ID})
	tokenID := oc.OAuthTokens[0].ID

	r.step = "oauth-token-read"
	ot, err := client.OAuthTokens.Read(ctx, tokenID)
	r.noError(err, "OAuthTokens.Read")
	r.check(ot.ID == tokenID && ot.OAuthClient != nil && ot.OAuthClient.ID == oc.ID && !ot.CreatedAt.IsZero(), "decoded %+v", ot)
	r.pass(map[string]any{"id": ot.ID})

	r.step = "create-with-vcs-tags"
	identifier := org + "/terraform-aws-vpc"
	vpc, err := client.RegistryModules.CreateWithVCSConnection(ctx, tfe.RegistryModuleCreateWithVCSConnectionOptions{
		VCSRepo: &tfe.RegistryModuleVCSRepoOptions{Identifier: tfe.String(identifier), OAuthTokenID: tfe.String(tokenID), DisplayIdentifier: tfe.String(identifier)},
	})
	r.noError(err, "CreateWithVCSConnection, tag-based")
	ex = rec.lastExchange()
	r.check(requestPath(ex) == "/api/v2/registry-modules" && ex.Status == 201, "sent %s %s, answered %d", ex.Method, requestPath(ex), ex.Status)
	r.check(vpc.Name == "vpc" && vpc.Provider == "aws" && vpc.Namespace == org && vpc.PublishingMechanism == tfe.PublishingMechanismTag,
		"decoded %s/%s in %s, %s", vpc.Name, vpc.Provider, vpc.Namespace, vpc.PublishingMechanism)
	r.check(vpc.VCSRepo != nil && vpc.VCSRepo.Identifier == identifier && vpc.VCSRepo.OAuthTokenID == tokenID && vpc.VCSRepo.Tags, "vcs-repo %+v", vpc.VCSRepo)
	r.pass(map[string]any{"id": vpc.ID, "requestBody": ex.RequestBody})

	r.step = "tags-ingested"
	vpcID := tfe.NewPrivateRegistryModuleID(org, "vpc", "aws")
	var got []string
	for deadline := time.Now().Add(60 * time.Second); time.Now().Before(deadline); time.Sleep(250 * time.Millisecond) {
		read, err := client.RegistryModules.Read(ctx, vpcID)
		r.noError(err, "Read the tag-based module")
		got = statuses(read.VersionStatuses)
		settled := strings.Join(got, ",")
		if len(got) == 2 && !strings.Contains(settled, "pending") && !strings.Contains(settled, "cloning") && !strings.Contains(settled, "reg_ingressing") {
			break
		}
	}
	r.check(strings.Join(got, ",") == "1.0.0 ok,1.1.0 ok", "version statuses %v, want 1.0.0 and 1.1.0 ok", got)
	version, err := client.RegistryModules.ReadVersion(ctx, vpcID, "1.1.0")
	r.noError(err, "ReadVersion 1.1.0")
	r.check(version.Status == tfe.RegistryModuleVersionStatusOk, "1.1.0 is %s", version.Status)
	r.pass(map[string]any{"versions": got})

	r.step = "create-with-vcs-branch"
	infra := org + "/infra"
	dns, err := client.RegistryModules.CreateWithVCSConnection(ctx, tfe.RegistryModuleCreateWithVCSConnectionOptions{
		Name: tfe.String("dns"), Provider: tfe.String("aws"), InitialVersion: tfe.String("2.0.0"),
		VCSRepo: &tfe.RegistryModuleVCSRepoOptions{
			Identifier: tfe.String(infra), OAuthTokenID: tfe.String(tokenID), DisplayIdentifier: tfe.String(infra),
			OrganizationName: tfe.String(org), Branch: tfe.String("main"), SourceDirectory: tfe.String("modules/dns"),
		},
	})
	r.noError(err, "CreateWithVCSConnection, branch-based")
	ex = rec.lastExchange()
	r.check(requestPath(ex) == "/api/v2/organizations/"+org+"/registry-modules/vcs" && ex.Status == 201, "sent %s %s, answered %d", ex.Method, requestPath(ex), ex.Status)
	r.check(dns.PublishingMechanism == tfe.PublishingMechanismBranch && dns.VCSRepo != nil && dns.VCSRepo.Branch == "main" &&
		dns.VCSRepo.SourceDirectory == "modules/dns", "decoded %s, vcs-repo %+v", dns.PublishingMechanism, dns.VCSRepo)
	r.pass(map[string]any{"id": dns.ID, "requestBody": ex.RequestBody})

	r.step = "update-to-tags"
	dnsID := tfe.NewPrivateRegistryModuleID(org, "dns", "aws")
	updated, err := client.RegistryModules.Update(ctx, dnsID, tfe.RegistryModuleUpdateOptions{VCSRepo: &tfe.RegistryModuleVCSRepoUpdateOptions{Tags: tfe.Bool(true)}})
	r.noError(err, "Update vcs-repo.tags")
	r.check(updated.PublishingMechanism == tfe.PublishingMechanismTag && updated.VCSRepo != nil && updated.VCSRepo.Tags && updated.VCSRepo.Branch == "",
		"after Update: %s, vcs-repo %+v", updated.PublishingMechanism, updated.VCSRepo)
	back, err := client.RegistryModules.Update(ctx, dnsID, tfe.RegistryModuleUpdateOptions{VCSRepo: &tfe.RegistryModuleVCSRepoUpdateOptions{Branch: tfe.String("main")}})
	r.noError(err, "Update vcs-repo.branch")
	r.check(back.PublishingMechanism == tfe.PublishingMechanismBranch, "after Update back: %s", back.PublishingMechanism)
	r.pass(map[string]any{"requestBody": rec.lastExchange().RequestBody})

	r.step = "oauth-client-delete"
	r.noError(client.OAuthClients.Delete(ctx, oc.ID), "OAuthClients.Delete")
	_, err = client.OAuthTokens.Read(ctx, tokenID)
	r.notFound(err, "OAuthTokens.Read of a deleted client's token")
	r.pass(nil)

	r.step = "done"
	r.pass(nil)
	os.Exit(0)
}
