package io.jazmin.spring.boot.endpoint;

import io.jazmin.schema.Storage;
import io.jazmin.spring.data.core.FileAccess;
import io.jazmin.spring.data.core.JazminFiles;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.boot.actuate.endpoint.annotation.Selector;

/**
 * {@code /actuator/jazmin}: each configured file's storage report, read from its catalog: rows,
 * deleted rows, size, live and dead bytes, appends since the last full write, and whether it is
 * encrypted. Never shows keys or passwords. A file that is missing or cannot be opened is listed
 * with the reason instead.
 */
@Endpoint(id = "jazmin")
public class JazminEndpoint {
    private final JazminFiles files;

    public JazminEndpoint(JazminFiles files) {
        this.files = files;
    }

    /** Every configured file by name. */
    @ReadOperation
    public Map<String, FileReport> files() {
        Map<String, FileReport> reports = new LinkedHashMap<>();
        for (FileAccess file : files.all()) {
            reports.put(file.name(), report(file));
        }
        return reports;
    }

    /** One configured file, or {@code null} (404) when no file has that name. */
    @ReadOperation
    public FileReport file(@Selector String name) {
        FileAccess file = files.all().stream().filter(f -> f.name().equals(name)).findFirst().orElse(null);
        return file == null ? null : report(file);
    }

    private static FileReport report(FileAccess file) {
        String path = file.definition().location();
        // A shared file is always encrypted, whether opened with its owner key or an access key.
        boolean encrypted = file.definition().key() != null || file.definition().password() != null
                || file.definition().accessKey() != null;
        if (!file.exists()) {
            return FileReport.failed(path, encrypted, "file does not exist");
        }
        try {
            Storage s = file.storage();
            long rows = s.tables().stream().mapToLong(Storage.Table::rowCount).sum();
            return new FileReport(path, true, encrypted, rows, s.deletedRows(), s.fileBytes(), s.liveBytes(),
                    s.deadBytes(), s.hiddenBytes(), s.appendCount(), null);
        } catch (RuntimeException e) {
            // The engine's and Spring's exceptions name what is wrong and never carry the secret.
            return FileReport.failed(path, encrypted, e.getClass().getSimpleName() + ": " + e.getMessage());
        }
    }

    /**
     * One file's report.
     *
     * @param path        the configured path, or URL without its user info or query
     * @param readable    whether the file exists and opens with its secret
     * @param encrypted   whether a key or password is configured for it
     * @param rows        visible rows (of every table)
     * @param deletedRows rows deleted but still stored until compaction
     * @param bytes       the file's size
     * @param liveBytes   bytes of the current version that are still used
     * @param deadBytes   bytes compaction would drop
     * @param hiddenBytes bytes of a shared file its access key cannot see (0 otherwise; see {@link Storage})
     * @param appends     appends since the last full write
     * @param error       why the file cannot be read, or {@code null}
     */
    public record FileReport(String path, boolean readable, boolean encrypted, Long rows, Long deletedRows,
                             Long bytes, Long liveBytes, Long deadBytes, Long hiddenBytes, Long appends,
                             String error) {

        static FileReport failed(String path, boolean encrypted, String error) {
            return new FileReport(path, false, encrypted, null, null, null, null, null, null, null, error);
        }
    }
}
