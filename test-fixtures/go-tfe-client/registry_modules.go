package main

// The registry-modules scenario: go-tfe's client.RegistryModules against Cairn's private module
// registry without VCS, as an organization owner, with a member on no team and an outsider for
// the refusals. go-tfe v1.111.2 sends (registry_module.go):
//
//	Create         POST   /api/v2/organizations/:org/registry-modules
//	Read (ID)      GET    /api/v2/registry-modules/:id
//	Read (name)    GET    /api/v2/organizations/:org/registry-modules/:registry/:namespace/:name/:provider
//	List           GET    /api/v2/organizations/:org/registry-modules?q=&filter[provider]=&filter[registry_name]=&filter[organization_name]=&page[...]
//	CreateVersion  POST   /api/v2/registry-modules/:org/:name/:provider/versions  (the deprecated route)
//	Upload         PUT    links.upload, application/octet-stream, no Authorization header
//	ReadVersion    GET    /api/v2/organizations/:org/registry-modules/private/:org/:name/:provider/version?module_version=
//	Update         PATCH  /api/v2/organizations/:org/registry-modules/:registry/:namespace/:name/:provider
//	DeleteVersion  DELETE /api/v2/organizations/:org/registry-modules/:registry/:namespace/:name/:provider/:version
//	DeleteProvider DELETE /api/v2/organizations/:org/registry-modules/:registry/:namespace/:name/:provider
//	DeleteByName   DELETE /api/v2/organizations/:org/registry-modules/:registry/:namespace/:name
//	Delete         POST   /api/v2/registry-modules/actions/delete/:org/:name  (the deprecated route)
//
// Environment:
//
//	TFE_ADDRESS          Cairn's base URL, e.g. http://localhost:8080
//	TFE_TOKEN            the token of an owner of TFE_ORGANIZATION
//	TFE_ORGANIZATION     an organization with no registry modules yet
//	TFE_MEMBER_TOKEN     the token of a member of TFE_ORGANIZATION on no team (may read, not publish)
//	TFE_OUTSIDER_TOKEN   the token of a user who is not a member of TFE_ORGANIZATION
//	TFE_MODULE_DIR       a module directory (test-fixtures/modules/network), packed by go-tfe's Upload
//	TFE_NO_CONFIG_DIR    a directory with no Terraform configuration (only a README)
//	TFE_HOSTILE_ARCHIVE  a .tar.gz file the registry must refuse, sent as it is by UploadTarGzip

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"os"
	"reflect"
	"regexp"
	"sort"
	"strings"
	"time"

	"github.com/hashicorp/go-cleanhttp"
	tfe "github.com/hashicorp/go-tfe"
)

// timestamp is how Cairn writes times (UTC, milliseconds, a literal Z); go-tfe keeps module and
// version timestamps as the raw strings.
var timestamp = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$`)

// moduleWant is what a registry module read back must hold, besides what every private module
// without VCS holds (registry private, namespace = organization, publishing non_vcs, no VCS repo).
type moduleWant struct {
	ID              string
	Name            string
	Provider        string
	Status          tfe.RegistryModuleStatus
	TestsEnabled    bool
	VersionStatuses []tfe.RegistryModuleVersionStatuses
}

// moduleDiffs compares every attribute and relationship go-tfe decodes for a registry module.
func moduleDiffs(got *tfe.RegistryModule, want moduleWant, org string) []string {
	var diffs []string
	diff := func(name string, g, w any) {
		if !reflect.DeepEqual(g, w) {
			diffs = append(diffs, fmt.Sprintf("%s: got %#v, want %#v", name, g, w))
		}
	}
	if got == nil {
		return []string{"no module decoded"}
	}
	if want.ID != "" {
		diff("ID", got.ID, want.ID)
	}
	diff("ID has the mod- prefix", strings.HasPrefix(got.ID, "mod-"), true)
	diff("Name", got.Name, want.Name)
	diff("Provider", got.Provider, want.Provider)
	diff("Namespace", got.Namespace, org)
	diff("RegistryName", got.RegistryName, tfe.PrivateRegistry)
	diff("PublishingMechanism", got.PublishingMechanism, tfe.PublishingMechanism("non_vcs"))
	diff("Status", got.Status, want.Status)
	diff("NoCode", got.NoCode, false)
	diff("VCSRepo", got.VCSRepo, (*tfe.VCSRepo)(nil))
	diff("TestConfig present", got.TestConfig != nil, true)
	if got.TestConfig != nil {
		diff("TestConfig.TestsEnabled", got.TestConfig.TestsEnabled, want.TestsEnabled)
	}
	diff("VersionStatuses", statuses(got.VersionStatuses), statuses(want.VersionStatuses))
	diff("Organization present", got.Organization != nil, true)
	if got.Organization != nil {
		diff("Organization.Name", got.Organization.Name, org)
	}
	diff("CreatedAt is a UTC timestamp", timestamp.MatchString(got.CreatedAt), true)
	diff("UpdatedAt is a UTC timestamp", timestamp.MatchString(got.UpdatedAt), true)
	diff("UpdatedAt >= CreatedAt", got.UpdatedAt >= got.CreatedAt, true)
	return diffs
}

// statuses renders version statuses as "version status [error]", sorted, so that nil and empty
// compare equal and a failure names what differs.
func statuses(list []tfe.RegistryModuleVersionStatuses) []string {
	out := make([]string, 0, len(list))
	for _, s := range list {
		line := s.Version + " " + string(s.Status)
		if s.Error != "" {
			line += " [" + s.Error + "]"
		}
		out = append(out, line)
	}
	sort.Strings(out)
	return out
}

func moduleSummary(m *tfe.RegistryModule) map[string]any {
	if m == nil {
		return nil
	}
	out := map[string]any{
		"id": m.ID, "name": m.Name, "provider": m.Provider, "namespace": m.Namespace, "registryName": m.RegistryName,
		"status": m.Status, "publishingMechanism": m.PublishingMechanism, "noCode": m.NoCode,
		"versionStatuses": statuses(m.VersionStatuses), "createdAt": m.CreatedAt, "updatedAt": m.UpdatedAt,
		"vcsRepo": m.VCSRepo != nil, "permissions": m.Permissions,
	}
	if m.TestConfig != nil {
		out["testsEnabled"] = m.TestConfig.TestsEnabled
	}
	if m.Organization != nil {
		out["organization"] = m.Organization.Name
	}
	return out
}

// versionDiffs compares every attribute, relationship and link go-tfe decodes for a version.
func versionDiffs(got *tfe.RegistryModuleVersion, id, version string, status tfe.RegistryModuleVersionStatus, moduleID string) []string {
	var diffs []string
	diff := func(name string, g, w any) {
		if !reflect.DeepEqual(g, w) {
			diffs = append(diffs, fmt.Sprintf("%s: got %#v, want %#v", name, g, w))
		}
	}
	if got == nil {
		return []string{"no version decoded"}
	}
	if id != "" {
		diff("ID", got.ID, id)
	}
	diff("ID has the modver- prefix", strings.HasPrefix(got.ID, "modver-"), true)
	diff("Version", got.Version, version)
	diff("Status", got.Status, status)
	diff("Source", got.Source, "tfe-api")
	diff("CreatedAt is a UTC timestamp", timestamp.MatchString(got.CreatedAt), true)
	diff("UpdatedAt is a UTC timestamp", timestamp.MatchString(got.UpdatedAt), true)
	diff("RegistryModule present", got.RegistryModule != nil, true)
	if got.RegistryModule != nil {
		diff("RegistryModule.ID", got.RegistryModule.ID, moduleID)
	}
	return diffs
}

func versionSummary(v *tfe.RegistryModuleVersion) map[string]any {
	if v == nil {
		return nil
	}
	out := map[string]any{
		"id": v.ID, "version": v.Version, "status": v.Status, "source": v.Source,
		"createdAt": v.CreatedAt, "updatedAt": v.UpdatedAt, "uploadLink": uploadLink(v) != "",
	}
	if v.RegistryModule != nil {
		out["registryModule"] = v.RegistryModule.ID
	}
	return out
}

// uploadLink is links.upload as go-tfe's Upload reads it: a string, or nothing.
func uploadLink(v *tfe.RegistryModuleVersion) string {
	if v == nil {
		return ""
	}
	link, _ := v.Links["upload"].(string)
	return link
}

func moduleNames(items []*tfe.RegistryModule) []string {
	out := make([]string, len(items))
	for i, m := range items {
		out[i] = m.Name + "/" + m.Provider
	}
	return out
}

func sorted(list []string) []string {
	out := make([]string, len(list))
	copy(out, list)
	sort.Strings(out)
	return out
}

// requestPath is the path and query of the last request, as Cairn received it.
func requestPath(ex *exchange) string {
	if ex == nil {
		return ""
	}
	u, err := url.Parse(ex.URL)
	if err != nil {
		return ex.URL
	}
	return u.RequestURI()
}

// rawAttribute is one attribute of the last answer's primary data, as Cairn sent it.
func rawAttribute(ex *exchange, name string) any {
	var doc struct {
		Data struct {
			Attributes map[string]any `json:"attributes"`
		} `json:"data"`
	}
	if ex == nil || json.Unmarshal([]byte(ex.ResponseBody), &doc) != nil {
		return nil
	}
	return doc.Data.Attributes[name]
}

func (r *runner) notFound(err error, what string) {
	r.check(errors.Is(err, tfe.ErrResourceNotFound), "%s gave %v, want tfe.ErrResourceNotFound", what, err)
}

// refused checks an error from a non-2xx answer that go-tfe does not map to a sentinel.
func (r *runner) refused(err error, what string, status int, contains string) string {
	ex := r.rec.lastExchange()
	r.check(err != nil, "%s succeeded, want a %d error", what, status)
	r.check(ex != nil && ex.Status == status, "%s answered %d, want %d", what, ex.Status, status)
	r.check(!errors.Is(err, tfe.ErrResourceNotFound) && !errors.Is(err, tfe.ErrUnauthorized), "%s gave the sentinel %v", what, err)
	r.check(strings.Contains(err.Error(), contains), "%s gave %q, want it to contain %q", what, err.Error(), contains)
	return err.Error()
}

func (r *runner) sameModule(got *tfe.RegistryModule, want moduleWant, org, what string) {
	if diffs := moduleDiffs(got, want, org); len(diffs) > 0 {
		r.fail("%s returned unexpected fields: %s", what, strings.Join(diffs, "; "))
	}
}

// settledVersion reads a version until its upload has been analysed: as TFE's, Cairn's upload host
// answers once the archive is stored, and the version is ok or reg_ingress_failed shortly after.
func (r *runner) settledVersion(ctx context.Context, rm tfe.RegistryModules, id tfe.RegistryModuleID, version string) *tfe.RegistryModuleVersion {
	for deadline := time.Now().Add(30 * time.Second); ; {
		read, err := rm.ReadVersion(ctx, id, version)
		r.noError(err, "ReadVersion "+version)
		if read.Status != tfe.RegistryModuleVersionStatusRegIngressing || time.Now().After(deadline) {
			return read
		}
		time.Sleep(100 * time.Millisecond)
	}
}

func (r *runner) sameVersion(got *tfe.RegistryModuleVersion, id, version string, status tfe.RegistryModuleVersionStatus, moduleID, what string) {
	if diffs := versionDiffs(got, id, version, status, moduleID); len(diffs) > 0 {
		r.fail("%s returned unexpected fields: %s", what, strings.Join(diffs, "; "))
	}
}

func mustDir(name string) string {
	dir := mustEnv(name)
	info, err := os.Stat(dir)
	if err != nil || !info.IsDir() {
		fmt.Fprintf(os.Stderr, "%s=%s is not a directory\n", name, dir)
		os.Exit(2)
	}
	return dir
}

func runRegistryModules() {
	address := mustEnv("TFE_ADDRESS")
	token := mustEnv("TFE_TOKEN")
	org := mustEnv("TFE_ORGANIZATION")
	memberToken := mustEnv("TFE_MEMBER_TOKEN")
	outsiderToken := mustEnv("TFE_OUTSIDER_TOKEN")
	moduleDir := mustDir("TFE_MODULE_DIR")
	noConfigDir := mustDir("TFE_NO_CONFIG_DIR")
	hostilePath := mustEnv("TFE_HOSTILE_ARCHIVE")
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()

	rec := &recorder{next: cleanhttp.DefaultPooledTransport()}
	r := &runner{rec: rec}
	client := connect(r, address, token, map[string]any{"organization": org})
	rm := client.RegistryModules
	awsID := tfe.NewPrivateRegistryModuleID(org, "network", "aws")
	googleID := tfe.NewPrivateRegistryModuleID(org, "network", "google")

	// --- Create, non-VCS, registry name private: POST /organizations/:org/registry-modules.
	r.step = "create"
	created, err := rm.Create(ctx, org, tfe.RegistryModuleCreateOptions{
		Name: tfe.String("network"), Provider: tfe.String("aws"), RegistryName: tfe.PrivateRegistry,
	})
	r.noError(err, "Create network/aws")
	ex := rec.lastExchange()
	r.check(ex.Method == "POST" && requestPath(ex) == "/api/v2/organizations/"+org+"/registry-modules",
		"Create sent %s %s", ex.Method, requestPath(ex))
	r.check(ex.Status == 201, "Create answered %d, want 201", ex.Status)
	r.sameModule(created, moduleWant{Name: "network", Provider: "aws", Status: tfe.RegistryModuleStatusPending}, org, "Create")
	r.check(created.CreatedAt == created.UpdatedAt, "a new module has CreatedAt %s and UpdatedAt %s", created.CreatedAt, created.UpdatedAt)
	r.pass(map[string]any{"status": ex.Status, "requestBody": ex.RequestBody, "module": moduleSummary(created)})
	awsWant := moduleWant{ID: created.ID, Name: "network", Provider: "aws", Status: tfe.RegistryModuleStatusPending}

	// --- Two more: a second provider of the same module (registry name left to its default),
	// and another module.
	r.step = "create-more"
	google, err := rm.Create(ctx, org, tfe.RegistryModuleCreateOptions{Name: tfe.String("network"), Provider: tfe.String("google")})
	r.noError(err, "Create network/google without a registry name")
	r.sameModule(google, moduleWant{Name: "network", Provider: "google", Status: tfe.RegistryModuleStatusPending}, org, "Create network/google")
	dns, err := rm.Create(ctx, org, tfe.RegistryModuleCreateOptions{Name: tfe.String("dns"), Provider: tfe.String("aws"), RegistryName: tfe.PrivateRegistry})
	r.noError(err, "Create dns/aws")
	r.sameModule(dns, moduleWant{Name: "dns", Provider: "aws", Status: tfe.RegistryModuleStatusPending}, org, "Create dns/aws")
	r.pass(map[string]any{"modules": []string{google.ID, dns.ID}})

	r.step = "create-duplicate"
	_, err = rm.Create(ctx, org, tfe.RegistryModuleCreateOptions{Name: tfe.String("network"), Provider: tfe.String("aws"), RegistryName: tfe.PrivateRegistry})
	message := r.refused(err, "Create of an existing module provider", 422, "already been taken")
	r.pass(map[string]any{"status": rec.lastExchange().Status, "error": message})

	// --- Read: by id, by the full private address, and by the legacy address without registry
	// name and namespace (go-tfe then defaults them to private and the organization).
	r.step = "read"
	byID, err := rm.Read(ctx, tfe.RegistryModuleID{ID: created.ID})
	r.noError(err, "Read by ID")
	byIDPath := requestPath(rec.lastExchange())
	r.check(byIDPath == "/api/v2/registry-modules/"+created.ID, "Read by ID sent GET %s", byIDPath)
	r.sameModule(byID, awsWant, org, "Read by ID")
	byName, err := rm.Read(ctx, awsID)
	r.noError(err, "Read by address")
	byNamePath := requestPath(rec.lastExchange())
	r.sameModule(byName, awsWant, org, "Read by address")
	legacy, err := rm.Read(ctx, tfe.RegistryModuleID{Organization: org, Name: "network", Provider: "aws"})
	r.noError(err, "Read by the legacy address")
	r.sameModule(legacy, awsWant, org, "Read by the legacy address")
	r.check(reflect.DeepEqual(byID, byName) && reflect.DeepEqual(byName, legacy), "the three reads decoded differently")
	r.check(byID.Permissions != nil && byID.Permissions.CanDelete && byID.Permissions.CanRetry && byID.Permissions.CanResync,
		"an owner's permissions on a module without VCS: delete, retry and resync, as TFE grants them")
	r.pass(map[string]any{"byID": byIDPath, "byAddress": byNamePath, "legacy": requestPath(rec.lastExchange()),
		"permissions": byID.Permissions})

	r.step = "read-missing"
	_, err = rm.Read(ctx, tfe.NewPrivateRegistryModuleID(org, "nope", "aws"))
	r.notFound(err, "Read of a module that does not exist")
	_, err = rm.Read(ctx, tfe.RegistryModuleID{ID: "mod-doesnotexist0000"})
	r.notFound(err, "Read of an unknown ID")
	r.pass(map[string]any{"status": rec.lastExchange().Status})

	// --- List: pagination over the three module providers.
	r.step = "list-pagination"
	page1, err := rm.List(ctx, org, &tfe.RegistryModuleListOptions{ListOptions: tfe.ListOptions{PageNumber: 1, PageSize: 2}})
	r.noError(err, "List page 1")
	page1URL := requestPath(rec.lastExchange())
	r.check(page1.Pagination != nil, "page 1: Pagination is nil")
	p := *page1.Pagination
	r.check(len(page1.Items) == 2, "page 1: %d items, want 2 (%v)", len(page1.Items), moduleNames(page1.Items))
	r.check(p.CurrentPage == 1 && p.PreviousPage == 0 && p.NextPage == 2 && p.TotalPages == 2 && p.TotalCount == 3,
		"page 1 pagination %+v, want current 1, prev 0, next 2, total pages 2, total count 3", p)
	page2, err := rm.List(ctx, org, &tfe.RegistryModuleListOptions{ListOptions: tfe.ListOptions{PageNumber: 2, PageSize: 2}})
	r.noError(err, "List page 2")
	r.check(page2.Pagination != nil, "page 2: Pagination is nil")
	q := *page2.Pagination
	r.check(len(page2.Items) == 1, "page 2: %d items, want 1 (%v)", len(page2.Items), moduleNames(page2.Items))
	r.check(q.CurrentPage == 2 && q.PreviousPage == 1 && q.NextPage == 0 && q.TotalPages == 2 && q.TotalCount == 3,
		"page 2 pagination %+v, want current 2, prev 1, next 0, total pages 2, total count 3", q)
	order := append(moduleNames(page1.Items), moduleNames(page2.Items)...)
	r.check(reflect.DeepEqual(sorted(order), []string{"dns/aws", "network/aws", "network/google"}), "paged through %v", order)
	for _, item := range append(page1.Items, page2.Items...) {
		if item.ID == created.ID {
			r.sameModule(item, awsWant, org, "List item network/aws")
		}
	}
	r.pass(map[string]any{"requestURL": page1URL, "page1": p, "page2": q, "order": order})

	// --- List filters: q (Search), filter[provider], filter[registry_name], filter[organization_name].
	r.step = "list-filters"
	list := func(options tfe.RegistryModuleListOptions) []string {
		options.PageSize = 100
		got, err := rm.List(ctx, org, &options)
		r.noError(err, fmt.Sprintf("List %+v", options))
		r.check(got.Pagination != nil && got.TotalCount == len(got.Items), "List %+v: total-count %v for %d items", options, got.Pagination, len(got.Items))
		return sorted(moduleNames(got.Items))
	}
	filters := map[string]any{}
	expect := func(name string, options tfe.RegistryModuleListOptions, want ...string) {
		got := list(options)
		if want == nil {
			want = []string{}
		}
		r.check(reflect.DeepEqual(got, want), "List with %s gave %v, want %v (request %s)", name, got, want, requestPath(rec.lastExchange()))
		filters[name] = map[string]any{"request": requestPath(rec.lastExchange()), "modules": got}
	}
	expect("search", tfe.RegistryModuleListOptions{Search: "netw"}, "network/aws", "network/google")
	expect("search-upper-case", tfe.RegistryModuleListOptions{Search: "NETWORK"}, "network/aws", "network/google")
	expect("search-provider", tfe.RegistryModuleListOptions{Search: "goog"}, "network/google")
	expect("provider", tfe.RegistryModuleListOptions{Provider: "aws"}, "dns/aws", "network/aws")
	expect("search-and-provider", tfe.RegistryModuleListOptions{Search: "network", Provider: "google"}, "network/google")
	expect("registry-private", tfe.RegistryModuleListOptions{RegistryName: tfe.PrivateRegistry}, "dns/aws", "network/aws", "network/google")
	expect("registry-public", tfe.RegistryModuleListOptions{RegistryName: tfe.PublicRegistry})
	expect("organization", tfe.RegistryModuleListOptions{OrganizationName: org}, "dns/aws", "network/aws", "network/google")
	expect("other-organization", tfe.RegistryModuleListOptions{OrganizationName: org + "-other"})
	r.pass(filters)

	// --- CreateVersion: go-tfe always uses the deprecated POST /registry-modules/:org/:name/:provider/versions.
	r.step = "create-version"
	v1, err := rm.CreateVersion(ctx, awsID, tfe.RegistryModuleCreateVersionOptions{Version: tfe.String("1.0.0")})
	r.noError(err, "CreateVersion 1.0.0")
	ex = rec.lastExchange()
	r.check(ex.Method == "POST" && requestPath(ex) == "/api/v2/registry-modules/"+org+"/network/aws/versions",
		"CreateVersion sent %s %s", ex.Method, requestPath(ex))
	r.check(ex.Status == 201, "CreateVersion answered %d, want 201", ex.Status)
	r.sameVersion(v1, "", "1.0.0", tfe.RegistryModuleVersionStatusPending, created.ID, "CreateVersion")
	link := uploadLink(v1)
	r.check(strings.HasPrefix(link, address+"/"), "links.upload %q (%T) is not an absolute URL on %s", link, v1.Links["upload"], address)
	r.pass(map[string]any{"status": ex.Status, "requestBody": ex.RequestBody, "deprecation": ex.ResponseHeaders["Deprecation"],
		"link": ex.ResponseHeaders["Link"], "version": versionSummary(v1), "uploadLink": link})

	r.step = "read-pending"
	pending, err := rm.Read(ctx, awsID)
	r.noError(err, "Read with a pending version")
	r.sameModule(pending, moduleWant{ID: created.ID, Name: "network", Provider: "aws", Status: tfe.RegistryModuleStatusPending,
		VersionStatuses: []tfe.RegistryModuleVersionStatuses{{Version: "1.0.0", Status: tfe.RegistryModuleVersionStatusPending}}}, org, "Read")
	r.pass(map[string]any{"module": moduleSummary(pending)})

	// --- Upload: go-tfe packs the directory (go-slug) and PUTs it to links.upload, unauthenticated.
	r.step = "upload"
	r.noError(rm.Upload(ctx, *v1, moduleDir), "Upload of "+moduleDir)
	ex = rec.lastExchange()
	_, sentAuthorization := ex.RequestHeaders["Authorization"]
	r.check(ex.Method == "PUT" && ex.URL == link, "Upload sent %s %s, want PUT %s", ex.Method, ex.URL, link)
	r.check(!sentAuthorization, "Upload sent an Authorization header")
	r.check(!strings.HasPrefix(ex.RequestBody, "<0 bytes"), "Upload sent %s", ex.RequestBody)
	r.check(ex.RequestHeaders["Content-Type"] == "application/octet-stream", "Upload sent Content-Type %q", ex.RequestHeaders["Content-Type"])
	uploadedBytes := ex.RequestBytes
	r.pass(map[string]any{"status": ex.Status, "requestBody": ex.RequestBody, "authorizationSent": sentAuthorization})

	// --- ReadVersion, polled until ok: as TFE's, Cairn's upload host answers once the archive is
	// stored (reg_ingressing), and the version is ok once its analysis, a job, has run.
	r.step = "read-version"
	var v1Read *tfe.RegistryModuleVersion
	reads := 0
	for deadline := time.Now().Add(30 * time.Second); ; {
		v1Read, err = rm.ReadVersion(ctx, awsID, "1.0.0")
		r.noError(err, "ReadVersion 1.0.0")
		reads++
		if v1Read.Status == tfe.RegistryModuleVersionStatusOk || time.Now().After(deadline) {
			break
		}
		time.Sleep(200 * time.Millisecond)
	}
	readVersionPath := requestPath(rec.lastExchange())
	r.check(readVersionPath == "/api/v2/organizations/"+org+"/registry-modules/private/"+org+"/network/aws/version?module_version=1.0.0",
		"ReadVersion sent GET %s", readVersionPath)
	r.sameVersion(v1Read, v1.ID, "1.0.0", tfe.RegistryModuleVersionStatusOk, created.ID, "ReadVersion")
	// go-tfe does not decode Cairn's archive-size; read from the raw answer, it shows the whole
	// archive arrived.
	archiveSize := rawAttribute(rec.lastExchange(), "archive-size")
	r.check(archiveSize == float64(uploadedBytes), "archive-size %v, but Upload sent %d bytes", archiveSize, uploadedBytes)
	r.pass(map[string]any{"reads": reads, "requestURL": readVersionPath, "version": versionSummary(v1Read), "archiveSize": archiveSize})

	r.step = "read-after-upload"
	ready, err := rm.Read(ctx, awsID)
	r.noError(err, "Read after the upload")
	awsWant.Status = tfe.RegistryModuleStatusSetupComplete
	awsWant.VersionStatuses = []tfe.RegistryModuleVersionStatuses{{Version: "1.0.0", Status: tfe.RegistryModuleVersionStatusOk}}
	r.sameModule(ready, awsWant, org, "Read after the upload")
	r.pass(map[string]any{"module": moduleSummary(ready)})

	r.step = "read-version-missing"
	_, err = rm.ReadVersion(ctx, awsID, "9.9.9")
	r.notFound(err, "ReadVersion of a version that does not exist")
	_, err = rm.ReadVersion(ctx, tfe.NewPrivateRegistryModuleID(org, "nope", "aws"), "1.0.0")
	r.notFound(err, "ReadVersion of a module that does not exist")
	r.pass(map[string]any{"status": rec.lastExchange().Status})

	r.step = "create-version-duplicate"
	_, err = rm.CreateVersion(ctx, awsID, tfe.RegistryModuleCreateVersionOptions{Version: tfe.String("1.0.0")})
	duplicate := r.refused(err, "CreateVersion of an existing version", 422, "version has already been taken")
	_, err = rm.CreateVersion(ctx, awsID, tfe.RegistryModuleCreateVersionOptions{Version: tfe.String("v1.0.0")})
	r.refused(err, "CreateVersion of v1.0.0 beside 1.0.0", 422, "version has already been taken")
	r.pass(map[string]any{"status": rec.lastExchange().Status, "error": duplicate})

	// --- As TFE's upload host does, a link takes further archives until it expires: a second
	// Upload to the same link replaces the archive, and the version stays ok.
	r.step = "upload-again"
	r.noError(rm.Upload(ctx, *v1, moduleDir), "a second Upload to the same link")
	againStatus := rec.lastExchange().Status
	again := r.settledVersion(ctx, rm, awsID, "1.0.0")
	r.sameVersion(again, v1.ID, "1.0.0", tfe.RegistryModuleVersionStatusOk, created.ID, "ReadVersion after the second upload")
	r.pass(map[string]any{"status": againStatus, "uploadLinkWhenOk": uploadLink(again) != ""})

	// --- A directory without configuration: go-tfe's Upload packs it, Cairn stores it and
	// refuses its content on the version (the PUT succeeds, as TFE's does): the version reads back
	// reg_ingress_failed with the reason, and its link takes a good archive.
	r.step = "upload-no-configuration"
	v2, err := rm.CreateVersion(ctx, awsID, tfe.RegistryModuleCreateVersionOptions{
		Version: tfe.String("1.1.0"), CommitSHA: tfe.String("0123456789abcdef0123456789abcdef01234567"),
	})
	r.noError(err, "CreateVersion 1.1.0 with a commit SHA")
	r.noError(rm.Upload(ctx, *v2, noConfigDir), "Upload of a directory without configuration")
	uploadStatus, uploadAnswer := rec.lastExchange().Status, rawAttribute(rec.lastExchange(), "status")
	failed := r.settledVersion(ctx, rm, awsID, "1.1.0")
	refusal := rawAttribute(rec.lastExchange(), "error")
	r.sameVersion(failed, v2.ID, "1.1.0", tfe.RegistryModuleVersionStatusRegIngressFailed, created.ID, "ReadVersion of the refused version")
	r.check(uploadLink(failed) != "", "no upload link after the refusal")
	withFailure, err := rm.Read(ctx, awsID)
	r.noError(err, "Read after the refused upload")
	var reason string
	for _, s := range withFailure.VersionStatuses {
		if s.Version == "1.1.0" {
			reason = s.Error
			r.check(s.Status == tfe.RegistryModuleVersionStatusRegIngressFailed, "version-statuses says 1.1.0 is %s", s.Status)
		}
	}
	r.check(strings.Contains(reason, "no .tf or .tf.json file at its root"), "version-statuses error for 1.1.0 is %q", reason)
	r.check(withFailure.Status == tfe.RegistryModuleStatusSetupComplete, "module status %s after a failed version", withFailure.Status)
	r.pass(map[string]any{"uploadStatus": uploadStatus, "uploadAnswer": uploadAnswer, "refusal": refusal, "status": failed.Status, "versionStatusError": reason})

	r.step = "upload-retry"
	r.noError(rm.Upload(ctx, *failed, moduleDir), "Upload to the fresh link")
	retried := r.settledVersion(ctx, rm, awsID, "1.1.0")
	r.sameVersion(retried, v2.ID, "1.1.0", tfe.RegistryModuleVersionStatusOk, created.ID, "ReadVersion after the retry")
	r.pass(map[string]any{"version": versionSummary(retried)})

	// --- A hostile archive sent as it is (UploadTarGzip), then bytes that are no archive at all.
	r.step = "upload-hostile-archive"
	v3, err := rm.CreateVersion(ctx, awsID, tfe.RegistryModuleCreateVersionOptions{Version: tfe.String("1.2.0")})
	r.noError(err, "CreateVersion 1.2.0")
	hostile, err := os.Open(hostilePath)
	r.noError(err, "open TFE_HOSTILE_ARCHIVE")
	err = rm.UploadTarGzip(ctx, uploadLink(v3), hostile)
	_ = hostile.Close()
	r.noError(err, "UploadTarGzip of the hostile archive")
	hostileSent := rec.lastExchange().RequestBody
	r.check(!strings.HasPrefix(hostileSent, "<0 bytes"), "UploadTarGzip sent %s", hostileSent)
	bad := r.settledVersion(ctx, rm, awsID, "1.2.0")
	hostileRefusal := rawAttribute(rec.lastExchange(), "error")
	r.sameVersion(bad, v3.ID, "1.2.0", tfe.RegistryModuleVersionStatusRegIngressFailed, created.ID, "ReadVersion of the hostile upload")
	err = rm.UploadTarGzip(ctx, uploadLink(bad), strings.NewReader("this is not an archive\n"))
	r.noError(err, "UploadTarGzip of plain text")
	bad = r.settledVersion(ctx, rm, awsID, "1.2.0")
	notArchive := rawAttribute(rec.lastExchange(), "error")
	r.check(bad.Status == tfe.RegistryModuleVersionStatusRegIngressFailed, "1.2.0 is %s", bad.Status)
	afterHostile, err := rm.Read(ctx, awsID)
	r.noError(err, "Read after the refused uploads")
	var badReason string
	for _, s := range afterHostile.VersionStatuses {
		if s.Version == "1.2.0" {
			badReason = s.Error
		}
	}
	r.check(strings.Contains(badReason, "gzip"), "version-statuses error for 1.2.0 is %q, want the last refusal", badReason)
	r.pass(map[string]any{"hostileSent": hostileSent, "hostileRefusal": hostileRefusal, "plainTextRefusal": notArchive, "status": bad.Status, "versionStatusError": badReason})

	// --- Update: test-config.tests-enabled, which go-tfe sends for any module (it also always
	// sends relationships.tag-bindings); everything omitted keeps its value.
	r.step = "update"
	updated, err := rm.Update(ctx, awsID, tfe.RegistryModuleUpdateOptions{TestConfig: &tfe.RegistryModuleTestConfigOptions{TestsEnabled: tfe.Bool(true)}})
	r.noError(err, "Update tests-enabled=true")
	ex = rec.lastExchange()
	r.check(ex.Method == "PATCH" && requestPath(ex) == "/api/v2/organizations/"+org+"/registry-modules/private/"+org+"/network/aws",
		"Update sent %s %s", ex.Method, requestPath(ex))
	updateBody := ex.RequestBody
	awsWant.TestsEnabled = true
	awsWant.VersionStatuses = []tfe.RegistryModuleVersionStatuses{
		{Version: "1.0.0", Status: tfe.RegistryModuleVersionStatusOk},
		{Version: "1.1.0", Status: tfe.RegistryModuleVersionStatusOk},
		{Version: "1.2.0", Status: tfe.RegistryModuleVersionStatusRegIngressFailed, Error: badReason},
	}
	r.sameModule(updated, awsWant, org, "Update")
	reread, err := rm.Read(ctx, awsID)
	r.noError(err, "Read after Update")
	r.sameModule(reread, awsWant, org, "Read after Update")
	kept, err := rm.Update(ctx, awsID, tfe.RegistryModuleUpdateOptions{})
	r.noError(err, "Update with nothing")
	r.sameModule(kept, awsWant, org, "Update with nothing")
	off, err := rm.Update(ctx, awsID, tfe.RegistryModuleUpdateOptions{TestConfig: &tfe.RegistryModuleTestConfigOptions{TestsEnabled: tfe.Bool(false)}})
	r.noError(err, "Update tests-enabled=false")
	offBody := rec.lastExchange().RequestBody
	awsWant.TestsEnabled = false
	r.sameModule(off, awsWant, org, "Update tests-enabled=false")
	r.pass(map[string]any{"status": ex.Status, "requestBody": updateBody, "falseRequestBody": offBody, "module": moduleSummary(updated)})

	r.step = "update-vcs-refused"
	_, err = rm.Update(ctx, awsID, tfe.RegistryModuleUpdateOptions{VCSRepo: &tfe.RegistryModuleVCSRepoUpdateOptions{Branch: tfe.String("main")}})
	vcsRefusal := r.refused(err, "Update of the branch of a module without VCS", 422, "not published from a VCS repository")
	r.pass(map[string]any{"status": rec.lastExchange().Status, "error": vcsRefusal})

	// --- A member on no team reads, but neither publishes nor changes nor deletes.
	r.step = "member"
	member, err := newClient(address, memberToken, rec)
	r.noError(err, "tfe.NewClient with the member token")
	mrm := member.RegistryModules
	seen, err := mrm.Read(ctx, awsID)
	r.noError(err, "member Read")
	r.sameModule(seen, awsWant, org, "member Read")
	_, err = mrm.ReadVersion(ctx, awsID, "1.0.0")
	r.noError(err, "member ReadVersion")
	_, err = mrm.List(ctx, org, nil)
	r.noError(err, "member List")
	_, err = mrm.Create(ctx, org, tfe.RegistryModuleCreateOptions{Name: tfe.String("mine"), Provider: tfe.String("aws")})
	r.notFound(err, "member Create")
	_, err = mrm.CreateVersion(ctx, awsID, tfe.RegistryModuleCreateVersionOptions{Version: tfe.String("9.0.0")})
	r.notFound(err, "member CreateVersion")
	_, err = mrm.Update(ctx, awsID, tfe.RegistryModuleUpdateOptions{TestConfig: &tfe.RegistryModuleTestConfigOptions{TestsEnabled: tfe.Bool(true)}})
	r.notFound(err, "member Update")
	r.notFound(mrm.DeleteVersion(ctx, awsID, "1.0.0"), "member DeleteVersion")
	r.notFound(mrm.DeleteProvider(ctx, googleID), "member DeleteProvider")
	r.notFound(mrm.DeleteByName(ctx, tfe.RegistryModuleID{Organization: org, Name: "dns", RegistryName: tfe.PrivateRegistry, Namespace: org}), "member DeleteByName")
	r.notFound(mrm.Delete(ctx, org, "dns"), "member Delete")
	unchanged, err := rm.Read(ctx, awsID)
	r.noError(err, "owner Read after the member's attempts")
	r.sameModule(unchanged, awsWant, org, "owner Read after the member's attempts")
	r.pass(map[string]any{"status": rec.lastExchange().Status})

	// --- Someone outside the organization is told that nothing exists.
	r.step = "outsider"
	outsider, err := newClient(address, outsiderToken, rec)
	r.noError(err, "tfe.NewClient with the outsider token")
	orm := outsider.RegistryModules
	_, err = orm.List(ctx, org, nil)
	r.notFound(err, "outsider List")
	_, err = orm.Read(ctx, tfe.RegistryModuleID{ID: created.ID})
	r.notFound(err, "outsider Read by ID")
	_, err = orm.Read(ctx, awsID)
	r.notFound(err, "outsider Read by address")
	_, err = orm.ReadVersion(ctx, awsID, "1.0.0")
	r.notFound(err, "outsider ReadVersion")
	_, err = orm.Create(ctx, org, tfe.RegistryModuleCreateOptions{Name: tfe.String("theirs"), Provider: tfe.String("aws")})
	r.notFound(err, "outsider Create")
	_, err = orm.CreateVersion(ctx, awsID, tfe.RegistryModuleCreateVersionOptions{Version: tfe.String("9.0.0")})
	r.notFound(err, "outsider CreateVersion")
	r.notFound(orm.DeleteVersion(ctx, awsID, "1.0.0"), "outsider DeleteVersion")
	r.notFound(orm.Delete(ctx, org, "network"), "outsider Delete")
	r.pass(map[string]any{"status": rec.lastExchange().Status})

	// --- DeleteVersion: the refused version, then 1.0.0; 1.1.0 is left.
	r.step = "delete-version"
	r.noError(rm.DeleteVersion(ctx, awsID, "1.2.0"), "DeleteVersion 1.2.0")
	ex = rec.lastExchange()
	r.check(ex.Method == "DELETE" && requestPath(ex) == "/api/v2/organizations/"+org+"/registry-modules/private/"+org+"/network/aws/1.2.0",
		"DeleteVersion sent %s %s", ex.Method, requestPath(ex))
	r.check(ex.Status == 204, "DeleteVersion answered %d, want 204", ex.Status)
	r.noError(rm.DeleteVersion(ctx, awsID, "1.0.0"), "DeleteVersion 1.0.0")
	_, err = rm.ReadVersion(ctx, awsID, "1.0.0")
	r.notFound(err, "ReadVersion of a deleted version")
	r.notFound(rm.DeleteVersion(ctx, awsID, "1.0.0"), "a second DeleteVersion 1.0.0")
	left, err := rm.Read(ctx, awsID)
	r.noError(err, "Read after DeleteVersion")
	awsWant.VersionStatuses = []tfe.RegistryModuleVersionStatuses{{Version: "1.1.0", Status: tfe.RegistryModuleVersionStatusOk}}
	r.sameModule(left, awsWant, org, "Read after DeleteVersion")
	r.pass(map[string]any{"status": ex.Status, "versionStatuses": statuses(left.VersionStatuses)})

	// --- DeleteProvider: network/google goes with its (pending) version; network/aws stays.
	r.step = "delete-provider"
	_, err = rm.CreateVersion(ctx, googleID, tfe.RegistryModuleCreateVersionOptions{Version: tfe.String("0.1.0")})
	r.noError(err, "CreateVersion network/google 0.1.0")
	r.noError(rm.DeleteProvider(ctx, googleID), "DeleteProvider network/google")
	ex = rec.lastExchange()
	r.check(ex.Method == "DELETE" && requestPath(ex) == "/api/v2/organizations/"+org+"/registry-modules/private/"+org+"/network/google",
		"DeleteProvider sent %s %s", ex.Method, requestPath(ex))
	_, err = rm.Read(ctx, googleID)
	r.notFound(err, "Read of the deleted provider")
	_, err = rm.ReadVersion(ctx, googleID, "0.1.0")
	r.notFound(err, "ReadVersion of the deleted provider's version")
	_, err = rm.Read(ctx, awsID)
	r.noError(err, "Read of the other provider")
	r.notFound(rm.DeleteProvider(ctx, googleID), "a second DeleteProvider")
	r.pass(map[string]any{"status": ex.Status})

	// --- DeleteByName: the whole module by its full address.
	r.step = "delete-by-name"
	r.noError(rm.DeleteByName(ctx, tfe.RegistryModuleID{Organization: org, Name: "network", RegistryName: tfe.PrivateRegistry, Namespace: org}),
		"DeleteByName network")
	ex = rec.lastExchange()
	r.check(ex.Method == "DELETE" && requestPath(ex) == "/api/v2/organizations/"+org+"/registry-modules/private/"+org+"/network",
		"DeleteByName sent %s %s", ex.Method, requestPath(ex))
	_, err = rm.Read(ctx, awsID)
	r.notFound(err, "Read after DeleteByName")
	_, err = rm.Read(ctx, tfe.RegistryModuleID{ID: created.ID})
	r.notFound(err, "Read by ID after DeleteByName")
	_, err = rm.ReadVersion(ctx, awsID, "1.1.0")
	r.notFound(err, "ReadVersion after DeleteByName")
	rest := list(tfe.RegistryModuleListOptions{})
	r.check(reflect.DeepEqual(rest, []string{"dns/aws"}), "List after DeleteByName gave %v", rest)
	r.pass(map[string]any{"status": ex.Status, "left": rest})

	// --- Delete (deprecated in go-tfe): POST /registry-modules/actions/delete/:org/:name.
	r.step = "delete"
	r.noError(rm.Delete(ctx, org, "dns"), "Delete dns")
	ex = rec.lastExchange()
	r.check(ex.Method == "POST" && requestPath(ex) == "/api/v2/registry-modules/actions/delete/"+org+"/dns",
		"Delete sent %s %s", ex.Method, requestPath(ex))
	r.check(ex.Status == 204, "Delete answered %d, want 204", ex.Status)
	deprecation := ex.ResponseHeaders["Deprecation"]
	r.notFound(rm.Delete(ctx, org, "dns"), "a second Delete")
	empty, err := rm.List(ctx, org, nil)
	r.noError(err, "List after every delete")
	r.check(len(empty.Items) == 0 && empty.TotalCount == 0, "List after every delete gave %v", moduleNames(empty.Items))
	r.pass(map[string]any{"status": ex.Status, "deprecation": deprecation})

	r.step = "done"
	r.pass(nil)
}
