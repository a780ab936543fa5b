package io.jazmin.spring.boot.autoconfigure;

import io.jazmin.schema.Codec;
import io.jazmin.schema.IndexKind;
import io.jazmin.options.WriteOptions;
import io.jazmin.spring.data.core.JazminTemplate;
import io.jazmin.options.Priority;
import io.jazmin.source.HttpSource;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.unit.DataSize;

/**
 * Configuration of JAZMIN files: {@code jazmin.priority} and one {@code jazmin.files.<name>} group
 * per file, the name being what entities ({@code @JazminStore("customers")}) and template calls use.
 */
@ConfigurationProperties("jazmin")
public class JazminProperties {

    /**
     * Default priority of files that set none: memory keeps no reader open between operations and
     * uses no worker threads; balanced keeps a few readers, scans decode up to 4 chunks ahead and
     * writes encode chunks in parallel; speed keeps a reader per concurrent caller, opens one at
     * startup and decodes up to 8 chunks ahead.
     */
    private Priority priority = Priority.BALANCED;

    /**
     * Most rows one read may put into a list (repository methods returning lists, findAll,
     * template find); more fail with TooManyResultsException, a DataRetrievalFailureException.
     * Page, limit or stream larger results.
     */
    private long maxResultRows = JazminTemplate.DEFAULT_MAX_RESULT_ROWS;

    /** Files by name. */
    private final Map<String, File> files = new LinkedHashMap<>();

    /** Serving embedded files over HTTP (Spring MVC applications). */
    private final Web web = new Web();

    /** The web console: the viewer of the configured files (Spring MVC applications). */
    private final Console console = new Console();

    public Priority getPriority() {
        return priority;
    }

    public void setPriority(Priority priority) {
        this.priority = priority;
    }

    public long getMaxResultRows() {
        return maxResultRows;
    }

    public void setMaxResultRows(long maxResultRows) {
        this.maxResultRows = maxResultRows;
    }

    public Map<String, File> getFiles() {
        return files;
    }

    public Web getWeb() {
        return web;
    }

    public Console getConsole() {
        return console;
    }

    /**
     * The names of the properties holding secrets (the fields marked {@link JazminSecret}), dashed,
     * {@code *} standing for a file name: {@code jazmin.files.*.key}, {@code jazmin.files.*.password}, ...
     */
    public static List<String> secretNames() {
        return JazminPropertyNames.secrets();
    }

    /** One file. */
    public static class File {

        /** Location of the file. */
        private Path path;

        /**
         * Instead of path, the http(s) URL of a published file, read with HTTP range requests and
         * read-only: every write is refused, and a file published anew (a new ETag) is read anew on the
         * next operation. Credentials in the URL's user info are sent as Basic authentication; a signed
         * query is sent as it is. Masked by actuator, never logged.
         */
        @JazminSecret
        private URI url;

        /**
         * Key text ("jzk1-...") of an encrypted file. Use a placeholder such as ${CUSTOMERS_KEY} rather
         * than the key itself. Never logged.
         */
        @JazminSecret
        private String key;

        /** Password of a password-protected file. Use a placeholder. Never logged. */
        @JazminSecret
        private String password;

        /**
         * Owner key text ("jzk1-...") of a shared (access-controlled) file: repositories see every row
         * and column. Use a placeholder. Never logged.
         */
        @JazminSecret
        private String ownerKey;

        /**
         * Access key text ("jza1-...") a shared file is opened with: repositories see only the rows and
         * columns granted to it, and an entity member bound to a column it cannot see fails at start-up.
         * The file is read-only: every write is refused, and create-if-missing or a compaction threshold
         * with it fails at start-up (only the owner key changes a shared file). Use a placeholder. Never logged.
         */
        @JazminSecret
        private String accessKey;

        /**
         * Unlock token text ("jzu1-...") from the owner's key service, for an access key with an online
         * grant. Use a placeholder. Never logged.
         */
        @JazminSecret
        private String unlockToken;

        /**
         * PBKDF2 iterations written into a password file each time it is written anew (created,
         * rewritten or compacted), 1000-10000000. Each file version costs one derivation of this
         * many iterations (about 0.5-1 s at the default on a server core), done once and kept in
         * memory; reads use the count stored in the file. Lower it only for test or throwaway data.
         */
        private int kdfIterations = WriteOptions.DEFAULT_KDF_ITERATIONS;

        /** Priority of this file, overriding jazmin.priority. */
        private Priority priority;

        /** Whether a missing file is created, empty with the entity's schema, when a repository needs it. */
        private boolean createIfMissing;

        /** Section compression of files written (engine default: deflate). */
        private Codec codec;

        /** Indexes to build when the file is written, by column: sorted, trigram or both. */
        private Map<String, List<IndexKind>> indexes = new LinkedHashMap<>();

        /**
         * Columns the rows are kept sorted by; queries ordered by them need no sorting. Writes whose
         * rows cannot go at the end of the file in this order rewrite it instead of appending.
         */
        private List<String> sortedBy = new ArrayList<>();

        /**
         * Whether the file's embedded files are served over HTTP (Spring MVC applications), at
         * jazmin.web.path followed by the file's name and the embedded file's path.
         */
        private boolean serveEmbeddedFiles;

        /** When the file is compacted after a write; without a threshold only on demand. */
        private final Compaction compaction = new Compaction();

        public Path getPath() {
            return path;
        }

        public void setPath(Path path) {
            this.path = path;
        }

        public URI getUrl() {
            return url;
        }

        public void setUrl(URI url) {
            this.url = url;
        }

        public String getKey() {
            return key;
        }

        public void setKey(String key) {
            this.key = key;
        }

        public String getPassword() {
            return password;
        }

        public void setPassword(String password) {
            this.password = password;
        }

        public String getOwnerKey() {
            return ownerKey;
        }

        public void setOwnerKey(String ownerKey) {
            this.ownerKey = ownerKey;
        }

        public String getAccessKey() {
            return accessKey;
        }

        public void setAccessKey(String accessKey) {
            this.accessKey = accessKey;
        }

        public String getUnlockToken() {
            return unlockToken;
        }

        public void setUnlockToken(String unlockToken) {
            this.unlockToken = unlockToken;
        }

        public int getKdfIterations() {
            return kdfIterations;
        }

        public void setKdfIterations(int kdfIterations) {
            this.kdfIterations = kdfIterations;
        }

        public Priority getPriority() {
            return priority;
        }

        public void setPriority(Priority priority) {
            this.priority = priority;
        }

        public boolean isCreateIfMissing() {
            return createIfMissing;
        }

        public void setCreateIfMissing(boolean createIfMissing) {
            this.createIfMissing = createIfMissing;
        }

        public Codec getCodec() {
            return codec;
        }

        public void setCodec(Codec codec) {
            this.codec = codec;
        }

        public Map<String, List<IndexKind>> getIndexes() {
            return indexes;
        }

        public void setIndexes(Map<String, List<IndexKind>> indexes) {
            this.indexes = indexes;
        }

        public List<String> getSortedBy() {
            return sortedBy;
        }

        public void setSortedBy(List<String> sortedBy) {
            this.sortedBy = sortedBy;
        }

        public boolean isServeEmbeddedFiles() {
            return serveEmbeddedFiles;
        }

        public void setServeEmbeddedFiles(boolean serveEmbeddedFiles) {
            this.serveEmbeddedFiles = serveEmbeddedFiles;
        }

        public Compaction getCompaction() {
            return compaction;
        }

        /** Never shows the key, password, access key or unlock token, nor the URL's user info or query. */
        @Override
        public String toString() {
            return "File[" + (url != null ? "url=" + HttpSource.nameOf(url) : "path=" + path) + ", secret=" + (key != null ? "key" : password != null ? "password"
                    : ownerKey != null ? "owner-key" : accessKey != null ? "access-key" : "none")
                    + (unlockToken != null ? "+unlock-token" : "")
                    + ", kdfIterations=" + kdfIterations + ", priority=" + priority + ", createIfMissing=" + createIfMissing + ", codec=" + codec
                    + ", indexes=" + indexes + ", sortedBy=" + sortedBy + ", serveEmbeddedFiles=" + serveEmbeddedFiles
                    + ", compaction=" + compaction + "]";
        }
    }

    /**
     * Compaction thresholds of one file. Saves and deletes change a file in place: deleted rows keep
     * their bytes and each write adds a version (a new header, the old one left behind) until
     * compaction rewrites the file. After a write, the file is compacted when any threshold set is
     * passed. By default a file is compacted once the bytes left behind are half the file and at least
     * 1 MB ({@code CompactionPolicy.AUTOMATIC}), which keeps a save's cost from growing with the saves.
     */
    public static class Compaction {

        /**
         * Whether writes compact the file when a threshold is passed. {@code false}: only on demand
         * ({@code JazminOperations.compact}), the thresholds unused.
         */
        private boolean enabled = true;

        /**
         * Compact after a write when deleted rows exceed this share (0 to 1) of the rows written,
         * deleted ones included. Unset: deletes never trigger compaction.
         */
        private Double deletedRatio;

        /**
         * Compact after a write when the file has had this many appends (saves and deletes) since its
         * last full write. Unset: the number of appends never triggers compaction.
         */
        private Integer appends;

        /**
         * Compact after a write when the bytes a compaction would drop (superseded headers, deleted-row
         * lists and directories) are at least this share (0 to 1) of the file.
         */
        private double deadBytesRatio = 0.5;

        /** The dead bytes below which {@code dead-bytes-ratio} never triggers compaction. */
        private DataSize deadBytesMinimum = DataSize.ofMegabytes(1);

        public boolean isEnabled() {
            return enabled;
        }

        public void setEnabled(boolean enabled) {
            this.enabled = enabled;
        }

        public double getDeadBytesRatio() {
            return deadBytesRatio;
        }

        public void setDeadBytesRatio(double deadBytesRatio) {
            this.deadBytesRatio = deadBytesRatio;
        }

        public DataSize getDeadBytesMinimum() {
            return deadBytesMinimum;
        }

        public void setDeadBytesMinimum(DataSize deadBytesMinimum) {
            this.deadBytesMinimum = deadBytesMinimum;
        }

        public Double getDeletedRatio() {
            return deletedRatio;
        }

        public void setDeletedRatio(Double deletedRatio) {
            this.deletedRatio = deletedRatio;
        }

        public Integer getAppends() {
            return appends;
        }

        public void setAppends(Integer appends) {
            this.appends = appends;
        }

        @Override
        public String toString() {
            return "Compaction[enabled=" + enabled + ", deletedRatio=" + deletedRatio + ", appends=" + appends
                    + ", deadBytesRatio=" + deadBytesRatio + ", deadBytesMinimum=" + deadBytesMinimum + "]";
        }
    }

    /** Where and how embedded files are served (for files with serve-embedded-files set). */
    public static class Web {

        /**
         * Path under which embedded files are served: a file named customers serves its embedded
         * file docs/terms.pdf at <path>/customers/docs/terms.pdf.
         */
        private String path = "/jazmin/files";

        /**
         * Whether HTML, XHTML and SVG pages are served sandboxed (CSP sandbox directive), so a
         * stored page cannot act as the application's origin. When false, HTML and XHTML run
         * without the sandbox and SVG is served as an attachment.
         */
        private boolean sandbox = true;

        public String getPath() {
            return path;
        }

        public void setPath(String path) {
            this.path = path;
        }

        public boolean isSandbox() {
            return sandbox;
        }

        public void setSandbox(boolean sandbox) {
            this.sandbox = sandbox;
        }

        @Override
        public String toString() {
            return "Web[path=" + path + ", sandbox=" + sandbox + "]";
        }
    }

    /**
     * The web console (Spring MVC applications): the viewer of {@code jazmin view} over every
     * configured file, read-only, opened with the configured secrets, which never leave the server.
     */
    public static class Console {

        /** Whether the console is served. Off unless set. */
        private boolean enabled;

        /** Path the console is served at (its page at <path>/, its API below <path>/api/). */
        private String path = "/jazmin-console";

        /**
         * Whether clients on other machines may use the console. By default only requests from a
         * loopback address, addressed to localhost or a loopback address, are answered; others get a
         * 403. Allow it only behind the application's security (Spring Security's rules apply to the
         * console's path like any other).
         */
        private boolean allowRemote;

        public boolean isEnabled() {
            return enabled;
        }

        public void setEnabled(boolean enabled) {
            this.enabled = enabled;
        }

        public String getPath() {
            return path;
        }

        public void setPath(String path) {
            this.path = path;
        }

        public boolean isAllowRemote() {
            return allowRemote;
        }

        public void setAllowRemote(boolean allowRemote) {
            this.allowRemote = allowRemote;
        }

        @Override
        public String toString() {
            return "Console[enabled=" + enabled + ", path=" + path + ", allowRemote=" + allowRemote + "]";
        }
    }
}
