package io.jazmin.files;

import java.util.List;

/**
 * A file stored inside a JAZMIN file (spec §1.23); its bytes come from {@link JazminReader#readFile}.
 *
 * @param path   relative {@code /}-separated path, unique in the file
 * @param type   media type, e.g. {@code text/html}
 * @param groups the file groups that see it ({@code *}: everyone)
 * @param size   size in bytes
 * @param sha256 lower-case hex SHA-256 of its bytes
 */
public record EmbeddedFile(String path, String type, List<String> groups, long size, String sha256) {
    public EmbeddedFile {
        groups = List.copyOf(groups);
    }
}
