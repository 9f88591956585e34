// Command gotfeclient drives the official Go API client, go-tfe, unmodified, against a running
// Cairn. It runs one of two scenarios, named by its first argument or by TFE_SCENARIO:
//
//   - terraform-versions (the default): tfe.NewClient (GET /api/v2/ping) and the admin Terraform
//     versions API (client.Admin.TerraformVersions, served by Cairn under
//     /api/v2/admin/terraform-versions);
//   - registry-modules: the private module registry without VCS (client.RegistryModules), see
//     registry_modules.go for its environment;
//   - vcs-modules: OAuth clients and tokens, and publishing from a git server (client.OAuthClients,
//     client.OAuthTokens, RegistryModules.CreateWithVCSConnection), see vcs_modules.go.
//
// Environment of the terraform-versions scenario:
//
//	TFE_ADDRESS       Cairn's base URL, e.g. http://localhost:8080
//	TFE_TOKEN         the token of a site administrator
//	TFE_MEMBER_TOKEN  the token of a user who is not a site administrator
//	TFE_RUN_TAG       optional: the bundle name appended to every version created (default:
//	                  random), so that the scenario can run more than once against one server
//
// It prints one JSON line per step to stdout, {"step":…,"ok":true,…}. On the first failure it
// prints {"step":…,"ok":false,"error":…,"exchange":…} (exchange: the last HTTP request go-tfe
// sent and Cairn's answer), repeats the message on stderr and exits 1. Exit 2 is a usage error.
package main

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"reflect"
	"strings"
	"sync"
	"time"

	"github.com/hashicorp/go-cleanhttp"
	tfe "github.com/hashicorp/go-tfe"
)

const (
	sha1 = "0b8a2b4e4c5d7f9e1a3c5e7f9b1d3f5a7c9e1b3d5f7a9c1e3b5d7f9a1c3e5b7d"
	sha2 = "1c9b3c5f5d6e8a0f2b4d6f8a0c2e4a6b8d0f2c4e6a8b0d2f4c6e8a0b2d4f6c8e"
	sha3 = "2dac4d6a6e7f9b1a3c5e7a9b1d3f5b7c9e1a3d5f7b9c1e3a5d7f9b1c3e5a7d9f"
)

// exchange is one HTTP round trip as the wire saw it, kept to explain a failure.
type exchange struct {
	Method          string            `json:"method"`
	URL             string            `json:"url"`
	RequestHeaders  map[string]string `json:"requestHeaders,omitempty"`
	RequestBody     string            `json:"requestBody,omitempty"`
	RequestBytes    int64             `json:"requestBytes,omitempty"`
	Status          int               `json:"status"`
	ResponseHeaders map[string]string `json:"responseHeaders,omitempty"`
	ResponseBody    string            `json:"responseBody,omitempty"`
}

// recorder is a pass-through http.RoundTripper (go-cleanhttp's pooled transport, which is what
// go-tfe uses by default) that remembers the last exchange. It changes nothing on the wire.
type recorder struct {
	next http.RoundTripper
	mu   sync.Mutex
	last *exchange
}

func (r *recorder) RoundTrip(req *http.Request) (*http.Response, error) {
	ex := &exchange{Method: req.Method, URL: req.URL.String(), RequestHeaders: headers(req.Header, "Authorization")}
	contentType := req.Header.Get("Content-Type")
	var sent *countingReader
	if req.Body != nil && !strings.Contains(contentType, "json") {
		// An archive: only its size is kept, counted as it goes out. (Reading it through GetBody
		// would drain a body that GetBody shares with the request, such as an *os.File.)
		sent = &countingReader{next: req.Body}
		req = req.Clone(req.Context())
		req.Body = sent
	} else if req.Body != nil && req.GetBody != nil {
		if body, err := req.GetBody(); err == nil {
			raw, _ := io.ReadAll(body)
			ex.RequestBody = string(raw)
		}
	}
	resp, err := r.next.RoundTrip(req)
	if sent != nil {
		ex.RequestBytes = sent.count()
		ex.RequestBody = fmt.Sprintf("<%d bytes of %s>", ex.RequestBytes, contentType)
	}
	if err != nil {
		ex.ResponseBody = "transport error: " + err.Error()
	} else {
		raw, readErr := io.ReadAll(resp.Body)
		_ = resp.Body.Close()
		resp.Body = io.NopCloser(bytes.NewReader(raw))
		if readErr != nil {
			return nil, readErr
		}
		ex.Status = resp.StatusCode
		ex.ResponseHeaders = headers(resp.Header)
		ex.ResponseBody = string(raw)
	}
	r.mu.Lock()
	r.last = ex
	r.mu.Unlock()
	return resp, err
}

// countingReader passes a request body through, counting the bytes read from it.
type countingReader struct {
	next io.ReadCloser
	mu   sync.Mutex
	n    int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.next.Read(p)
	c.mu.Lock()
	c.n += int64(n)
	c.mu.Unlock()
	return n, err
}

func (c *countingReader) Close() error { return c.next.Close() }

func (c *countingReader) count() int64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.n
}

func (r *recorder) lastExchange() *exchange {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.last
}

func headers(h http.Header, redact ...string) map[string]string {
	out := make(map[string]string, len(h))
	for name, values := range h {
		value := strings.Join(values, ", ")
		for _, r := range redact {
			if strings.EqualFold(name, r) {
				value = "<redacted>"
			}
		}
		out[name] = value
	}
	return out
}

type runner struct {
	rec  *recorder
	step string
}

// fail reports the current step as failed, with the last exchange, and exits 1.
func (r *runner) fail(format string, args ...any) {
	message := fmt.Sprintf(format, args...)
	line := map[string]any{"step": r.step, "ok": false, "error": message}
	if ex := r.rec.lastExchange(); ex != nil {
		line["exchange"] = ex
	}
	emit(line)
	fmt.Fprintf(os.Stderr, "go-tfe scenario failed at step %q: %s\n", r.step, message)
	if ex := r.rec.lastExchange(); ex != nil {
		fmt.Fprintf(os.Stderr, "last exchange: %s %s -> %d\n  request body: %s\n  response body: %s\n",
			ex.Method, ex.URL, ex.Status, ex.RequestBody, ex.ResponseBody)
	}
	os.Exit(1)
}

// pass reports the current step as passed, with details.
func (r *runner) pass(details map[string]any) {
	line := map[string]any{"step": r.step, "ok": true}
	for k, v := range details {
		line[k] = v
	}
	emit(line)
}

func (r *runner) check(cond bool, format string, args ...any) {
	if !cond {
		r.fail(format, args...)
	}
}

func (r *runner) noError(err error, what string) {
	if err != nil {
		r.fail("%s: %v", what, err)
	}
}

func emit(line map[string]any) {
	raw, err := json.Marshal(line)
	if err != nil {
		panic(err)
	}
	fmt.Println(string(raw))
}

func newClient(address, token string, rec *recorder) (*tfe.Client, error) {
	return tfe.NewClient(&tfe.Config{
		Address:    address,
		Token:      token,
		HTTPClient: &http.Client{Transport: rec},
	})
}

func mustEnv(name string) string {
	value := strings.TrimSpace(os.Getenv(name))
	if value == "" {
		fmt.Fprintf(os.Stderr, "%s is required (see the comment at the top of main.go)\n", name)
		os.Exit(2)
	}
	return value
}

func versionIDs(items []*tfe.AdminTerraformVersion) []string {
	out := make([]string, len(items))
	for i, item := range items {
		out[i] = item.Version
	}
	return out
}

// sameFields compares every attribute go-tfe decodes; CreatedAt to the millisecond Cairn keeps.
func sameFields(got, want *tfe.AdminTerraformVersion) []string {
	var diffs []string
	diff := func(name string, g, w any) {
		if !reflect.DeepEqual(g, w) {
			diffs = append(diffs, fmt.Sprintf("%s: got %#v, want %#v", name, g, w))
		}
	}
	diff("ID", got.ID, want.ID)
	diff("Version", got.Version, want.Version)
	diff("URL", got.URL, want.URL)
	diff("Sha", got.Sha, want.Sha)
	diff("Official", got.Official, want.Official)
	diff("Deprecated", got.Deprecated, want.Deprecated)
	diff("DeprecatedReason", deref(got.DeprecatedReason), deref(want.DeprecatedReason))
	diff("DeprecatedReason==nil", got.DeprecatedReason == nil, want.DeprecatedReason == nil)
	diff("Enabled", got.Enabled, want.Enabled)
	diff("Beta", got.Beta, want.Beta)
	diff("Usage", got.Usage, want.Usage)
	diff("CreatedAt", got.CreatedAt.UTC().Format(time.RFC3339Nano), want.CreatedAt.UTC().Format(time.RFC3339Nano))
	diff("Archs", archs(got.Archs), archs(want.Archs))
	return diffs
}

func deref(s *string) string {
	if s == nil {
		return "<nil>"
	}
	return *s
}

func archs(list []*tfe.ToolVersionArchitecture) []string {
	out := make([]string, 0, len(list))
	for _, a := range list {
		out = append(out, fmt.Sprintf("%s/%s %s %s", a.OS, a.Arch, a.URL, a.Sha))
	}
	return out
}

func summary(v *tfe.AdminTerraformVersion) map[string]any {
	return map[string]any{
		"id": v.ID, "version": v.Version, "url": v.URL, "sha": v.Sha, "official": v.Official,
		"deprecated": v.Deprecated, "deprecatedReason": v.DeprecatedReason, "enabled": v.Enabled,
		"beta": v.Beta, "usage": v.Usage, "createdAt": v.CreatedAt.UTC().Format(time.RFC3339Nano),
		"archs": archs(v.Archs),
	}
}

func runTag() string {
	if tag := strings.TrimSpace(os.Getenv("TFE_RUN_TAG")); tag != "" {
		return tag
	}
	raw := make([]byte, 4)
	if _, err := rand.Read(raw); err != nil {
		panic(err)
	}
	return "gotfe" + hex.EncodeToString(raw)
}

func main() {
	scenario := strings.TrimSpace(os.Getenv("TFE_SCENARIO"))
	if len(os.Args) > 1 {
		scenario = os.Args[1]
	}
	switch scenario {
	case "", "terraform-versions":
		runTerraformVersions()
	case "registry-modules":
		runRegistryModules()
	case "vcs-modules":
		runVcsModules()
	default:
		fmt.Fprintf(os.Stderr, "unknown scenario %q: want terraform-versions, registry-modules or vcs-modules\n", scenario)
		os.Exit(2)
	}
}

// connect is the new-client step of every scenario: tfe.NewClient calls GET /api/v2/ping and
// reads only its headers.
func connect(r *runner, address, token string, details map[string]any) *tfe.Client {
	r.step = "new-client"
	client, err := newClient(address, token, r.rec)
	r.noError(err, "tfe.NewClient")
	ping := r.rec.lastExchange()
	r.check(ping != nil && ping.Method == "GET" && strings.HasSuffix(strings.SplitN(ping.URL, "?", 2)[0], "/api/v2/ping"),
		"NewClient did not call GET /api/v2/ping (last exchange: %+v)", ping)
	r.check(client.RemoteAPIVersion() != "", "RemoteAPIVersion is empty: the TFP-API-Version header was not read")
	r.check(client.IsEnterprise() && !client.IsCloud(), "client sees IsEnterprise=%v IsCloud=%v, want an enterprise (self-hosted) server",
		client.IsEnterprise(), client.IsCloud())
	line := map[string]any{
		"pingStatus": ping.Status, "remoteAPIVersion": client.RemoteAPIVersion(), "remoteTFEVersion": client.RemoteTFEVersion(),
		"appName": client.AppName(), "isEnterprise": client.IsEnterprise(),
	}
	for k, v := range details {
		line[k] = v
	}
	r.pass(line)
	return client
}

func runTerraformVersions() {
	address := mustEnv("TFE_ADDRESS")
	token := mustEnv("TFE_TOKEN")
	memberToken := mustEnv("TFE_MEMBER_TOKEN")
	tag := runTag()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()

	rec := &recorder{next: cleanhttp.DefaultPooledTransport()}
	r := &runner{rec: rec}
	tv := func(c *tfe.Client) tfe.AdminTerraformVersions { return c.Admin.TerraformVersions }

	// --- NewClient: GET /api/v2/ping, headers only.
	client := connect(r, address, token, map[string]any{"runTag": tag})
	var err error

	v1, v2, v3 := "1.9.0-"+tag, "1.9.1-"+tag, "1.10.0-"+tag

	// --- Create with URL and Sha, every optional attribute set (non-defaults where possible).
	r.step = "create"
	before := time.Now()
	created, err := tv(client).Create(ctx, tfe.AdminTerraformVersionCreateOptions{
		Version:          tfe.String(v1),
		URL:              tfe.String("https://releases.example.test/terraform/1.9.0/terraform_linux_amd64.zip"),
		Sha:              tfe.String(sha1),
		Official:         tfe.Bool(false),
		Deprecated:       tfe.Bool(true),
		DeprecatedReason: tfe.String("superseded by 1.9.1"),
		Enabled:          tfe.Bool(false),
		Beta:             tfe.Bool(true),
	})
	r.noError(err, "Create")
	createStatus := rec.lastExchange().Status
	r.check(createStatus == 201, "Create answered %d, want 201", createStatus)
	want := &tfe.AdminTerraformVersion{
		ID:               created.ID,
		Version:          v1,
		URL:              "https://releases.example.test/terraform/1.9.0/terraform_linux_amd64.zip",
		Sha:              sha1,
		Official:         false,
		Deprecated:       true,
		DeprecatedReason: tfe.String("superseded by 1.9.1"),
		Enabled:          false,
		Beta:             true,
		Usage:            0,
		CreatedAt:        created.CreatedAt,
		Archs: []*tfe.ToolVersionArchitecture{{
			URL: "https://releases.example.test/terraform/1.9.0/terraform_linux_amd64.zip", Sha: sha1, OS: "linux", Arch: "amd64",
		}},
	}
	r.check(strings.HasPrefix(created.ID, "tool-"), "ID %q does not start with tool-", created.ID)
	r.check(!created.CreatedAt.IsZero(), "CreatedAt was not parsed (zero time)")
	r.check(created.CreatedAt.After(before.Add(-5*time.Minute)) && created.CreatedAt.Before(time.Now().Add(5*time.Minute)),
		"CreatedAt %s is not close to now", created.CreatedAt)
	if diffs := sameFields(created, want); len(diffs) > 0 {
		r.fail("Create returned unexpected fields: %s", strings.Join(diffs, "; "))
	}
	r.pass(map[string]any{"status": createStatus, "version": summary(created)})

	// --- Read by id: every field.
	r.step = "read"
	read, err := tv(client).Read(ctx, created.ID)
	r.noError(err, "Read")
	if diffs := sameFields(read, want); len(diffs) > 0 {
		r.fail("Read returned unexpected fields: %s", strings.Join(diffs, "; "))
	}
	r.pass(map[string]any{"status": rec.lastExchange().Status, "createdAt": read.CreatedAt.UTC().Format(time.RFC3339Nano),
		"createdAtRaw": rawCreatedAt(rec.lastExchange())})

	// --- Two more, with defaults, for the lists.
	r.step = "create-more"
	second, err := tv(client).Create(ctx, tfe.AdminTerraformVersionCreateOptions{
		Version: tfe.String(v2), URL: tfe.String("https://releases.example.test/terraform/1.9.1/terraform_linux_amd64.zip"), Sha: tfe.String(sha2),
	})
	r.noError(err, "Create "+v2)
	r.check(second.Enabled && !second.Beta && !second.Deprecated && !second.Official && second.DeprecatedReason == nil,
		"defaults of %s: %+v", v2, summary(second))
	third, err := tv(client).Create(ctx, tfe.AdminTerraformVersionCreateOptions{
		Version: tfe.String(v3), URL: tfe.String("https://releases.example.test/terraform/1.10.0/terraform_linux_amd64.zip"), Sha: tfe.String(sha3),
		Enabled: tfe.Bool(true), Beta: tfe.Bool(false), Deprecated: tfe.Bool(false), Official: tfe.Bool(false),
	})
	r.noError(err, "Create "+v3)
	r.pass(map[string]any{"versions": []string{second.Version, third.Version}})

	// --- List with pagination, narrowed by Search to this run's versions.
	r.step = "list-pagination"
	page1, err := tv(client).List(ctx, &tfe.AdminTerraformVersionsListOptions{
		ListOptions: tfe.ListOptions{PageNumber: 1, PageSize: 2}, Search: tag,
	})
	r.noError(err, "List page 1")
	page1URL := rec.lastExchange().URL
	r.check(page1.Pagination != nil, "page 1: Pagination is nil")
	p := page1.Pagination
	r.check(len(page1.Items) == 2, "page 1: %d items, want 2 (%v)", len(page1.Items), versionIDs(page1.Items))
	r.check(p.CurrentPage == 1 && p.PreviousPage == 0 && p.NextPage == 2 && p.TotalPages == 2 && p.TotalCount == 3,
		"page 1 pagination %+v, want current 1, prev 0, next 2, total pages 2, total count 3", *p)
	page2, err := tv(client).List(ctx, &tfe.AdminTerraformVersionsListOptions{
		ListOptions: tfe.ListOptions{PageNumber: 2, PageSize: 2}, Search: tag,
	})
	r.noError(err, "List page 2")
	q := page2.Pagination
	r.check(len(page2.Items) == 1, "page 2: %d items, want 1 (%v)", len(page2.Items), versionIDs(page2.Items))
	r.check(q.CurrentPage == 2 && q.PreviousPage == 1 && q.NextPage == 0 && q.TotalPages == 2 && q.TotalCount == 3,
		"page 2 pagination %+v, want current 2, prev 1, next 0, total pages 2, total count 3", *q)
	order := append(versionIDs(page1.Items), versionIDs(page2.Items)...)
	r.check(reflect.DeepEqual(order, []string{v1, v2, v3}), "paged order %v, want oldest first %v", order, []string{v1, v2, v3})
	r.check(page1.Items[0].ID == created.ID && !page1.Items[0].CreatedAt.IsZero(), "list item 1 is %+v", summary(page1.Items[0]))
	if diffs := sameFields(page1.Items[0], want); len(diffs) > 0 {
		r.fail("List item for %s has unexpected fields: %s", v1, strings.Join(diffs, "; "))
	}
	r.pass(map[string]any{"requestURL": page1URL, "page1": *p, "page2": *q, "order": order})

	// --- Unfiltered List, walking every page by NextPage: this run's versions are all there.
	r.step = "list-all-pages"
	seen, pages, total := map[string]bool{}, 0, -1
	for number := 1; number != 0; {
		page, err := tv(client).List(ctx, &tfe.AdminTerraformVersionsListOptions{ListOptions: tfe.ListOptions{PageNumber: number, PageSize: 2}})
		r.noError(err, fmt.Sprintf("List page %d", number))
		pages++
		r.check(pages <= 1000, "more than 1000 pages: NextPage never reaches 0")
		r.check(page.CurrentPage == number, "asked page %d, got current-page %d", number, page.CurrentPage)
		r.check(total == -1 || total == page.TotalCount, "total-count changed from %d to %d", total, page.TotalCount)
		total = page.TotalCount
		for _, item := range page.Items {
			r.check(!seen[item.ID], "%s listed twice", item.ID)
			seen[item.ID] = true
		}
		number = page.NextPage
	}
	r.check(len(seen) == total, "walked %d versions, total-count says %d", len(seen), total)
	r.check(seen[created.ID] && seen[second.ID] && seen[third.ID], "this run's versions missing from the unfiltered list")
	r.pass(map[string]any{"pages": pages, "totalCount": total})

	// --- Filter (exact) and Search (substring, case-insensitive); Filter wins over Search.
	r.step = "list-filter"
	filtered, err := tv(client).List(ctx, &tfe.AdminTerraformVersionsListOptions{Filter: v2})
	r.noError(err, "List with Filter")
	r.check(len(filtered.Items) == 1 && filtered.Items[0].ID == second.ID && filtered.TotalCount == 1,
		"Filter %q gave %v (total %d), want exactly %s", v2, versionIDs(filtered.Items), filtered.TotalCount, v2)
	filterURL := rec.lastExchange().URL
	none, err := tv(client).List(ctx, &tfe.AdminTerraformVersionsListOptions{Filter: "1.9-" + tag})
	r.noError(err, "List with a Filter that matches nothing")
	r.check(len(none.Items) == 0 && none.TotalCount == 0, "Filter on a partial version gave %v", versionIDs(none.Items))
	both, err := tv(client).List(ctx, &tfe.AdminTerraformVersionsListOptions{Filter: v3, Search: tag})
	r.noError(err, "List with Filter and Search")
	r.check(len(both.Items) == 1 && both.Items[0].ID == third.ID, "Filter+Search gave %v, want only %s", versionIDs(both.Items), v3)
	r.pass(map[string]any{"requestURL": filterURL, "filter": versionIDs(filtered.Items), "filterAndSearch": versionIDs(both.Items)})

	r.step = "list-search"
	searched, err := tv(client).List(ctx, &tfe.AdminTerraformVersionsListOptions{Search: "1.9.", ListOptions: tfe.ListOptions{PageSize: 100}})
	r.noError(err, "List with Search")
	found := map[string]bool{}
	for _, item := range searched.Items {
		r.check(strings.Contains(item.Version, "1.9."), "Search 1.9. returned %s", item.Version)
		found[item.Version] = true
	}
	r.check(found[v1] && found[v2] && !found[v3], "Search 1.9. gave %v, want %s and %s but not %s", versionIDs(searched.Items), v1, v2, v3)
	upper, err := tv(client).List(ctx, &tfe.AdminTerraformVersionsListOptions{Search: strings.ToUpper(tag)})
	r.noError(err, "List with an upper-case Search")
	r.check(reflect.DeepEqual(versionIDs(upper.Items), []string{v1, v2, v3}), "Search %q gave %v", strings.ToUpper(tag), versionIDs(upper.Items))
	r.pass(map[string]any{"requestURL": rec.lastExchange().URL, "search": versionIDs(searched.Items), "caseInsensitive": versionIDs(upper.Items)})

	// --- Update one field (Beta true -> false, a pointer to false); the others are kept.
	r.step = "update"
	updated, err := tv(client).Update(ctx, created.ID, tfe.AdminTerraformVersionUpdateOptions{Beta: tfe.Bool(false)})
	r.noError(err, "Update")
	updateRequest := rec.lastExchange().RequestBody
	want.Beta = false
	if diffs := sameFields(updated, want); len(diffs) > 0 {
		r.fail("Update returned unexpected fields: %s", strings.Join(diffs, "; "))
	}
	reread, err := tv(client).Read(ctx, created.ID)
	r.noError(err, "Read after Update")
	if diffs := sameFields(reread, want); len(diffs) > 0 {
		r.fail("Read after Update returned unexpected fields: %s", strings.Join(diffs, "; "))
	}
	r.pass(map[string]any{"requestBody": updateRequest, "version": summary(reread)})

	// --- Update: un-deprecate without a reason clears the reason; change the URL too.
	r.step = "update-undeprecate"
	undeprecated, err := tv(client).Update(ctx, created.ID, tfe.AdminTerraformVersionUpdateOptions{
		Deprecated: tfe.Bool(false),
		URL:        tfe.String("https://mirror.example.test/terraform_1.9.0_linux_amd64.zip"),
	})
	r.noError(err, "Update deprecated=false")
	want.Deprecated, want.DeprecatedReason = false, nil
	want.URL = "https://mirror.example.test/terraform_1.9.0_linux_amd64.zip"
	want.Archs = []*tfe.ToolVersionArchitecture{{URL: want.URL, Sha: sha1, OS: "linux", Arch: "amd64"}}
	if diffs := sameFields(undeprecated, want); len(diffs) > 0 {
		r.fail("Update returned unexpected fields: %s", strings.Join(diffs, "; "))
	}
	r.pass(map[string]any{"requestBody": rec.lastExchange().RequestBody, "version": summary(undeprecated)})

	// --- Create a duplicate version: an error from a 422 answer.
	r.step = "create-duplicate"
	_, err = tv(client).Create(ctx, tfe.AdminTerraformVersionCreateOptions{
		Version: tfe.String(v2), URL: tfe.String("https://releases.example.test/dup.zip"), Sha: tfe.String(sha3),
	})
	dupStatus := rec.lastExchange().Status
	r.check(err != nil, "Create of a duplicate version succeeded")
	r.check(dupStatus == 422, "duplicate Create answered %d, want 422", dupStatus)
	r.check(!errors.Is(err, tfe.ErrResourceNotFound) && !errors.Is(err, tfe.ErrUnauthorized), "duplicate Create gave sentinel %v", err)
	r.check(strings.Contains(err.Error(), "already been taken"), "go-tfe did not decode the error document: %q", err.Error())
	r.pass(map[string]any{"status": dupStatus, "error": err.Error()})

	// --- Create with Archs only (no top-level URL/Sha), which go-tfe's own check accepts.
	r.step = "create-archs-only"
	archURL := "https://releases.example.test/terraform/1.11.0/terraform_linux_amd64.zip"
	fromArchs, err := tv(client).Create(ctx, tfe.AdminTerraformVersionCreateOptions{
		Version: tfe.String("1.11.0-" + tag),
		Archs:   []*tfe.ToolVersionArchitecture{{URL: archURL, Sha: sha2, OS: "linux", Arch: "amd64"}},
	})
	archsRequest := rec.lastExchange().RequestBody
	r.noError(err, "Create with Archs only")
	r.check(fromArchs.URL == archURL && fromArchs.Sha == sha2, "URL/Sha %q/%q, want the linux/amd64 arch's", fromArchs.URL, fromArchs.Sha)
	r.check(reflect.DeepEqual(archs(fromArchs.Archs), []string{"linux/amd64 " + archURL + " " + sha2}), "Archs %v", archs(fromArchs.Archs))
	r.pass(map[string]any{"requestBody": archsRequest, "version": summary(fromArchs)})

	// --- Archs for linux/amd64 and linux/arm64: the amd64 entry supplies URL and Sha. Cairn keeps
	// only linux/amd64 (docs/api.md); whether arm64 came back is reported, not asserted.
	r.step = "create-archs-multi"
	armURL := "https://releases.example.test/terraform/1.11.1/terraform_linux_arm64.zip"
	amdURL := "https://releases.example.test/terraform/1.11.1/terraform_linux_amd64.zip"
	multi, err := tv(client).Create(ctx, tfe.AdminTerraformVersionCreateOptions{
		Version: tfe.String("1.11.1-" + tag),
		Archs: []*tfe.ToolVersionArchitecture{
			{URL: armURL, Sha: sha1, OS: "linux", Arch: "arm64"},
			{URL: amdURL, Sha: sha3, OS: "linux", Arch: "amd64"},
		},
	})
	r.noError(err, "Create with linux/arm64 and linux/amd64 Archs")
	r.check(multi.URL == amdURL && multi.Sha == sha3, "URL/Sha %q/%q, want the linux/amd64 arch's", multi.URL, multi.Sha)
	arm64Kept := false
	amd64Kept := false
	for _, a := range multi.Archs {
		arm64Kept = arm64Kept || (a.OS == "linux" && a.Arch == "arm64" && a.URL == armURL && a.Sha == sha1)
		amd64Kept = amd64Kept || (a.OS == "linux" && a.Arch == "amd64" && a.URL == amdURL && a.Sha == sha3)
	}
	r.check(amd64Kept, "the linux/amd64 arch is not in Archs %v", archs(multi.Archs))
	r.pass(map[string]any{"archs": archs(multi.Archs), "arm64Kept": arm64Kept})

	// --- Deleting an official version is refused (422); once no longer official it can go.
	r.step = "delete-official"
	official, err := tv(client).Create(ctx, tfe.AdminTerraformVersionCreateOptions{
		Version: tfe.String("1.12.0-" + tag), URL: tfe.String("https://releases.example.test/1.12.0.zip"), Sha: tfe.String(sha1),
		Official: tfe.Bool(true),
	})
	r.noError(err, "Create an official version")
	r.check(official.Official, "Official not set on create")
	err = tv(client).Delete(ctx, official.ID)
	officialStatus := rec.lastExchange().Status
	r.check(err != nil && officialStatus == 422, "Delete of an official version gave %v (status %d), want a 422 error", err, officialStatus)
	refusal := err.Error()
	_, err = tv(client).Update(ctx, official.ID, tfe.AdminTerraformVersionUpdateOptions{Official: tfe.Bool(false)})
	r.noError(err, "Update official=false")
	r.noError(tv(client).Delete(ctx, official.ID), "Delete once no longer official")
	r.pass(map[string]any{"status": officialStatus, "error": refusal})

	// --- Delete; Read afterwards is ErrResourceNotFound; Delete again too.
	r.step = "delete"
	r.noError(tv(client).Delete(ctx, created.ID), "Delete")
	deleteStatus := rec.lastExchange().Status
	r.check(deleteStatus == 204, "Delete answered %d, want 204", deleteStatus)
	r.pass(map[string]any{"status": deleteStatus, "requestHeaders": rec.lastExchange().RequestHeaders})

	r.step = "read-after-delete"
	_, err = tv(client).Read(ctx, created.ID)
	r.check(errors.Is(err, tfe.ErrResourceNotFound), "Read after Delete gave %v, want tfe.ErrResourceNotFound", err)
	err = tv(client).Delete(ctx, created.ID)
	r.check(errors.Is(err, tfe.ErrResourceNotFound), "second Delete gave %v, want tfe.ErrResourceNotFound", err)
	r.pass(map[string]any{"error": "resource not found", "status": rec.lastExchange().Status})

	// --- A member (not a site admin) gets ErrResourceNotFound; a bad token gets ErrUnauthorized.
	r.step = "member-list"
	member, err := newClient(address, memberToken, rec)
	r.noError(err, "tfe.NewClient with the member token")
	_, err = tv(member).List(ctx, nil)
	r.check(errors.Is(err, tfe.ErrResourceNotFound), "member List gave %v, want tfe.ErrResourceNotFound", err)
	memberStatus := rec.lastExchange().Status
	_, err = tv(member).Read(ctx, second.ID)
	r.check(errors.Is(err, tfe.ErrResourceNotFound), "member Read gave %v, want tfe.ErrResourceNotFound", err)
	r.pass(map[string]any{"status": memberStatus})

	r.step = "bad-token"
	stranger, err := newClient(address, "at-nobody.cairn.not-a-token", rec)
	r.noError(err, "tfe.NewClient with a bad token")
	_, err = tv(stranger).List(ctx, nil)
	r.check(errors.Is(err, tfe.ErrUnauthorized), "List with a bad token gave %v, want tfe.ErrUnauthorized", err)
	r.pass(map[string]any{"status": rec.lastExchange().Status})

	r.step = "done"
	r.pass(nil)
}

// rawCreatedAt is the created-at string as Cairn sent it, to show the format go-tfe parsed.
func rawCreatedAt(ex *exchange) string {
	var doc struct {
		Data struct {
			Attributes map[string]any `json:"attributes"`
		} `json:"data"`
	}
	if ex == nil || json.Unmarshal([]byte(ex.ResponseBody), &doc) != nil {
		return ""
	}
	s, _ := doc.Data.Attributes["created-at"].(string)
	return s
}
