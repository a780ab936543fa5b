package io.jazmin.internal.reader;

import io.jazmin.error.JazminFormatException;
import io.jazmin.internal.catalog.SectionRef;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The owner directory of an access-controlled file (section {@code owner}, UTF-8 JSON, owner
 * only; spec §1.19): the names of the file's partitions. Grants (which hold access key texts) are
 * not read here.
 */
final class OwnerDirectory {
    private static final JsonMapper JSON = JsonMapper.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build();

    private OwnerDirectory() {
    }

    /** The partition names the owner directory lists, in its order. */
    static List<String> partitions(OpenedFile file) {
        SectionRef ref = file.header().access() == null ? null : file.header().access().ownerDirectory();
        if (ref == null) {
            throw new JazminFormatException("the access-controlled file has no owner directory");
        }
        byte[] raw = file.sections().read("owner", ref);
        JsonNode root;
        try {
            root = JSON.readTree(raw);
        } catch (JacksonException e) {
            throw new JazminFormatException("the owner directory is not valid JSON", "owner", ref.offset());
        }
        JsonNode names = root == null ? null : root.get("partitions");
        if (names == null || !names.isArray()) {
            throw new JazminFormatException("the owner directory lists no partitions", "owner", ref.offset());
        }
        List<String> out = new ArrayList<>();
        for (JsonNode n : names) {
            if (!n.isString()) {
                throw new JazminFormatException("the owner directory names a partition with a non-text value",
                        "owner", ref.offset());
            }
            out.add(n.asString());
        }
        return List.copyOf(out);
    }
}
