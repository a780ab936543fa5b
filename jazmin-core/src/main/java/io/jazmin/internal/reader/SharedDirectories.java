package io.jazmin.internal.reader;

import io.jazmin.error.JazminFormatException;
import io.jazmin.internal.catalog.EmbeddedDirectory;
import io.jazmin.internal.catalog.EmbeddedDirectory.Content;
import io.jazmin.internal.catalog.EmbeddedDirectory.Entry;
import io.jazmin.internal.catalog.FileDirectory;
import io.jazmin.internal.catalog.FilesInfo;
import io.jazmin.internal.catalog.SectionRef;
import io.jazmin.internal.crypto.ShareSecrets;
import io.jazmin.internal.table.Grant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The embedded files an access-controlled file shows the key that opened it (spec §1.23): the
 * directories of the file groups it sees (the owner: all; an access key: those whose F(id) its
 * bundle holds, others are never read), each checked against its digest, merged by path (files),
 * id (contents) and name (saved shapes). Every content must have a key and every block a digest.
 * For the owner, each file and shape gets the names of the groups that list it (from the owner
 * directory's {@code fileGroups}), so a rewrite stores it in the same groups.
 */
final class SharedDirectories {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private SharedDirectories() {
    }

    /**
     * The merged directory of the groups {@code file}'s key sees.
     *
     * @throws JazminFormatException when a directory is damaged, lacks a digest or key, or two
     *                               directories disagree on a content
     */
    static EmbeddedDirectory merge(OpenedFile file, FilesInfo info) {
        Grant grant = file.grant();
        Map<String, String> names = grant.owner() ? ownerNames(file) : Map.of();
        String suffix = info.segment() == 0 ? "" : "/" + info.segment();
        Map<String, Entry> files = new LinkedHashMap<>();
        Map<String, Set<String>> fileGroups = new LinkedHashMap<>();
        Map<Integer, Content> contents = new LinkedHashMap<>();
        Map<String, ObjectNode> shapes = new LinkedHashMap<>();
        Map<String, Set<String>> shapeGroups = new LinkedHashMap<>();
        Set<String> seen = new HashSet<>();
        for (FileDirectory d : info.directories()) {
            String id = d.group();
            String sectionId = "files/dir/" + id + suffix;
            if (!seen.add(id)) {
                throw new JazminFormatException("the header lists the directory of file group " + id + " twice",
                        "header", -1);
            }
            if (!grant.seesFileGroup(id)) {
                continue; // a group this key does not see: its directory does not open with its keys
            }
            if (d.section() == null) {
                throw new JazminFormatException("the embedded-file directory has no section", sectionId, -1);
            }
            String name = null;
            if (grant.owner()) {
                name = names.get(id);
                if (name == null) {
                    throw new JazminFormatException("the owner directory names no file group of id " + id,
                            sectionId, d.section().offset());
                }
            }
            EmbeddedDirectory dir = EmbeddedDirectory.decode(file.sections().read(sectionId, d.section()), sectionId);
            for (Content c : dir.contents()) {
                checkSealed(c, sectionId);
                Content known = contents.putIfAbsent(c.id(), c);
                if (known != null && !sameContent(known, c)) {
                    throw new JazminFormatException("content " + c.id() + " is listed differently by two file-group "
                            + "directories", sectionId, d.section().offset());
                }
            }
            for (Entry e : dir.files()) {
                files.putIfAbsent(e.path(), e);
                if (name != null) {
                    fileGroups.computeIfAbsent(e.path(), p -> new TreeSet<>()).add(name);
                }
            }
            collectShapes(dir.shapesJson(), name, shapes, shapeGroups);
        }
        List<Entry> merged = new ArrayList<>();
        for (Entry e : files.values()) {
            List<String> groups = List.copyOf(fileGroups.getOrDefault(e.path(), Set.of()));
            merged.add(new Entry(e.path(), e.type(), e.content(), groups, e.actionsJson()));
        }
        return new EmbeddedDirectory(merged, new ArrayList<>(contents.values()),
                shapesJson(shapes, shapeGroups, grant.owner()));
    }

    /** File-group id text → name, for every group the owner directory lists. */
    private static Map<String, String> ownerNames(OpenedFile file) {
        Map<String, String> out = new LinkedHashMap<>();
        List<String> listed = OwnerDirectory.fileGroups(file);
        try (ShareSecrets secrets = file.cipher().ownerSecrets(file.version().preamble().salt())) {
            listed.forEach(n -> out.put(secrets.idText(n), n));
        }
        return out;
    }

    /** Access files: every content is sealed with its own key and every block is bound by a digest. */
    private static void checkSealed(Content c, String sectionId) {
        if (c.key() == null) {
            throw new JazminFormatException("content " + c.id() + " has no key, but the file is encrypted",
                    sectionId, -1);
        }
        for (SectionRef b : c.blocks()) {
            if (b.digest().length == 0) {
                throw new JazminFormatException("a block of content " + c.id() + " has no digest, which "
                        + "access-controlled files require", sectionId, -1);
            }
        }
    }

    private static boolean sameContent(Content a, Content b) {
        if (a.size() != b.size() || !a.sha256().equals(b.sha256()) || a.blocks().size() != b.blocks().size()) {
            return false;
        }
        for (int i = 0; i < a.blocks().size(); i++) {
            SectionRef x = a.blocks().get(i);
            SectionRef y = b.blocks().get(i);
            if (x.offset() != y.offset() || x.length() != y.length()) {
                return false;
            }
        }
        return true;
    }

    /** Adds the named entries of one directory's {@code shapes} (malformed ones are ignored, as readers must). */
    private static void collectShapes(String shapesJson, String group, Map<String, ObjectNode> shapes,
                                      Map<String, Set<String>> groups) {
        if (shapesJson == null) {
            return;
        }
        JsonNode array;
        try {
            array = JSON.readTree(shapesJson);
        } catch (JacksonException e) {
            return;
        }
        for (JsonNode entry : array) {
            JsonNode name = entry.isObject() ? entry.get("name") : null;
            if (name == null || !name.isString()) {
                continue;
            }
            shapes.putIfAbsent(name.asString(), (ObjectNode) entry);
            if (group != null) {
                groups.computeIfAbsent(name.asString(), n -> new TreeSet<>()).add(group);
            }
        }
    }

    /** The merged {@code shapes} array text (the owner's entries with their groups), or {@code null} for none. */
    private static String shapesJson(Map<String, ObjectNode> shapes, Map<String, Set<String>> groups, boolean owner) {
        if (shapes.isEmpty()) {
            return null;
        }
        ArrayNode out = JSON.createArrayNode();
        shapes.forEach((name, entry) -> {
            ObjectNode copy = entry.deepCopy();
            copy.remove("groups");
            if (owner) {
                ArrayNode g = copy.putArray("groups");
                groups.getOrDefault(name, Set.of()).forEach(g::add);
            }
            out.add(copy);
        });
        return JSON.writeValueAsString(out);
    }
}
