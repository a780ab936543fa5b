package io.jazmin.internal.catalog;

import io.jazmin.error.JazminFormatException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The JSON payload of an embedded-file directory section {@code files/dir…} (spec §1.23): the
 * files, the contents they point to, and the saved export shapes. Decoding checks everything the
 * engine relies on (paths, references, sizes against block counts) and keeps {@code actions} and
 * {@code shapes} as JSON text so a rewrite stores them unchanged.
 *
 * @param files      the files, in directory order
 * @param contents   the stored contents, each referenced by at least zero files
 * @param shapesJson the {@code shapes} array as JSON text, or {@code null} when absent
 */
public record EmbeddedDirectory(List<Entry> files, List<Content> contents, String shapesJson) {
    /** Longest path the format allows. */
    public static final int MAX_PATH = 1024;
    private static final JsonMapper JSON = JsonMapper.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build();

    public EmbeddedDirectory {
        files = List.copyOf(files);
        contents = List.copyOf(contents);
    }

    /**
     * One file of the directory.
     *
     * @param path        relative {@code /}-separated path
     * @param type        media type
     * @param content     id of its content
     * @param groups      file groups ({@code *} or names; access-controlled files store none, the owner
     *                    reads them back from the directories that list the file)
     * @param actionsJson the {@code actions} object as JSON text, or {@code null} when absent
     */
    public record Entry(String path, String type, int content, List<String> groups, String actionsJson) {
        public Entry {
            groups = List.copyOf(groups);
        }
    }

    /**
     * One stored content.
     *
     * @param id        content id, unique within the file
     * @param size      bytes of the whole content
     * @param sha256    lower-case hex SHA-256 of the whole content
     * @param blockSize bytes per block (the last block may be shorter)
     * @param key       the 32-byte block key of encrypted files, else {@code null}
     * @param blocks    the block sections {@code file/<id>/<b>}, in order (with their digests in
     *                  access-controlled files)
     */
    public record Content(int id, long size, String sha256, int blockSize, byte[] key, List<SectionRef> blocks) {
        public Content {
            blocks = List.copyOf(blocks);
        }

        /** Raw bytes of block {@code b}. */
        public int blockLength(int b) {
            return (int) Math.min(blockSize, size - (long) b * blockSize);
        }

        @Override
        public String toString() {
            // The key never goes into messages or logs.
            return "Content[id=" + id + ", size=" + size + ", blocks=" + blocks.size() + "]";
        }
    }

    /** The content of id {@code id}, or {@code null}. */
    public Content content(int id) {
        for (Content c : contents) {
            if (c.id() == id) {
                return c;
            }
        }
        return null;
    }

    /** Decodes and checks a directory payload; {@code sectionId} names it in errors. */
    public static EmbeddedDirectory decode(byte[] raw, String sectionId) {
        try {
            JsonNode root = JSON.readTree(raw);
            if (root == null || !root.isObject()) {
                throw new JazminFormatException("the embedded-file directory is not a JSON object", sectionId, -1);
            }
            List<Content> contents = new ArrayList<>();
            Map<Integer, Content> byId = new HashMap<>();
            for (JsonNode c : array(root, "contents", sectionId)) {
                Content content = content(c, sectionId);
                if (byId.put(content.id(), content) != null) {
                    throw new JazminFormatException("content id " + content.id() + " is listed twice", sectionId, -1);
                }
                contents.add(content);
            }
            List<Entry> files = new ArrayList<>();
            Set<String> paths = new HashSet<>();
            for (JsonNode f : array(root, "files", sectionId)) {
                Entry entry = entry(f, sectionId);
                if (!paths.add(entry.path())) {
                    throw new JazminFormatException("embedded file '" + entry.path() + "' is listed twice",
                            sectionId, -1);
                }
                if (!byId.containsKey(entry.content())) {
                    throw new JazminFormatException("embedded file '" + entry.path() + "' points to content "
                            + entry.content() + ", which the directory does not list", sectionId, -1);
                }
                files.add(entry);
            }
            JsonNode shapes = root.get("shapes");
            String shapesJson = null;
            if (shapes != null && !shapes.isNull()) {
                if (!shapes.isArray()) {
                    throw new JazminFormatException("the directory's 'shapes' is not an array", sectionId, -1);
                }
                shapesJson = JSON.writeValueAsString(shapes);
            }
            return new EmbeddedDirectory(files, contents, shapesJson);
        } catch (JacksonException e) {
            throw new JazminFormatException("the embedded-file directory is not valid JSON: "
                    + e.getOriginalMessage(), sectionId, -1, e);
        }
    }

    private static Entry entry(JsonNode f, String sectionId) {
        String path = text(f, "path", sectionId);
        checkPath(path, sectionId);
        String type = text(f, "type", sectionId);
        int content = (int) number(f, "content", Integer.MAX_VALUE, sectionId);
        List<String> groups = new ArrayList<>();
        JsonNode g = f.get("groups");
        if (g != null) {
            if (!g.isArray()) {
                throw new JazminFormatException("the groups of '" + path + "' are not an array", sectionId, -1);
            }
            for (JsonNode name : g) {
                if (!name.isString()) {
                    throw new JazminFormatException("a group of '" + path + "' is not a string", sectionId, -1);
                }
                groups.add(name.stringValue());
            }
        }
        JsonNode actions = f.get("actions");
        String actionsJson = actions == null || actions.isNull() ? null : JSON.writeValueAsString(actions);
        return new Entry(path, type, content, groups, actionsJson);
    }

    private static Content content(JsonNode c, String sectionId) {
        int id = (int) number(c, "id", Integer.MAX_VALUE, sectionId);
        long size = number(c, "size", Long.MAX_VALUE, sectionId);
        String sha = text(c, "sha256", sectionId);
        if (!sha.matches("[0-9a-f]{64}")) {
            throw new JazminFormatException("content " + id + " has no valid sha256", sectionId, -1);
        }
        int blockSize = (int) number(c, "blockSize", Integer.MAX_VALUE, sectionId);
        if (blockSize == 0) {
            throw new JazminFormatException("content " + id + " has block size 0", sectionId, -1);
        }
        byte[] key = null;
        if (c.has("key")) {
            key = base64(text(c, "key", sectionId), "the key of content " + id, sectionId);
            if (key.length != 32) {
                throw new JazminFormatException("the key of content " + id + " is not 32 bytes", sectionId, -1);
            }
        }
        long expected = size == 0 ? 0 : (size - 1) / blockSize + 1;
        List<JsonNode> blockNodes = array(c, "blocks", sectionId);
        if (blockNodes.size() != expected) {
            throw new JazminFormatException("content " + id + " of " + size + " bytes in blocks of " + blockSize
                    + " needs " + expected + " blocks, the directory lists " + blockNodes.size(), sectionId, -1);
        }
        List<SectionRef> blocks = new ArrayList<>();
        for (JsonNode b : blockNodes) {
            byte[] digest = null;
            if (b.has("digest")) {
                digest = base64(text(b, "digest", sectionId), "a block digest of content " + id, sectionId);
                if (digest.length != 32) {
                    throw new JazminFormatException("a block digest of content " + id + " is not 32 bytes", sectionId,
                            -1);
                }
            }
            blocks.add(new SectionRef(number(b, "offset", Long.MAX_VALUE, sectionId),
                    number(b, "length", Integer.MAX_VALUE, sectionId), digest));
        }
        return new Content(id, size, sha, blockSize, key, blocks);
    }

    /** Spec §1.23: relative, {@code /}-separated, 1–1024 chars, no empty, {@code .} or {@code ..} segment, no backslash. */
    static void checkPath(String path, String sectionId) {
        if (!isValidPath(path)) {
            throw new JazminFormatException("embedded file path '" + abbreviate(path) + "' is not a valid "
                    + "relative path", sectionId, -1);
        }
    }

    /** Whether {@code path} is a path the format allows (spec §1.23). */
    public static boolean isValidPath(String path) {
        boolean bad = path.isEmpty() || path.length() > MAX_PATH || path.indexOf('\\') >= 0;
        for (String segment : path.split("/", -1)) {
            bad |= segment.isEmpty() || segment.equals(".") || segment.equals("..");
        }
        return !bad;
    }

    /** {@code s} cut to 80 characters, for messages. */
    public static String abbreviate(String s) {
        return s.length() <= 80 ? s : s.substring(0, 80) + "…";
    }

    private static List<JsonNode> array(JsonNode parent, String name, String sectionId) {
        JsonNode a = parent.get(name);
        if (a == null) {
            return List.of();
        }
        if (!a.isArray()) {
            throw new JazminFormatException("the directory's '" + name + "' is not an array", sectionId, -1);
        }
        List<JsonNode> list = new ArrayList<>();
        a.forEach(list::add);
        return list;
    }

    private static String text(JsonNode parent, String name, String sectionId) {
        JsonNode v = parent.get(name);
        if (v == null || !v.isString()) {
            throw new JazminFormatException("an entry of the embedded-file directory lacks text '" + name + "'",
                    sectionId, -1);
        }
        return v.stringValue();
    }

    private static long number(JsonNode parent, String name, long max, String sectionId) {
        JsonNode v = parent.get(name);
        if (v == null || !v.isIntegralNumber() || !v.canConvertToLong() || v.longValue() < 0 || v.longValue() > max) {
            throw new JazminFormatException("an entry of the embedded-file directory lacks a whole number '"
                    + name + "' in 0.." + max, sectionId, -1);
        }
        return v.longValue();
    }

    private static byte[] base64(String text, String what, String sectionId) {
        try {
            return Base64.getDecoder().decode(text);
        } catch (IllegalArgumentException e) {
            throw new JazminFormatException(what + " is not base64", sectionId, -1, e);
        }
    }

    /** The directory of a file that is not access-controlled, as the reference writer lays it out. */
    public byte[] encode() {
        return encode(true);
    }

    /**
     * The directory as the reference writer lays it out; {@code withGroups} false for a file group's
     * directory of an access-controlled file, whose files list no {@code groups}.
     */
    public byte[] encode(boolean withGroups) {
        ObjectNode root = JSON.createObjectNode();
        ArrayNode fileNodes = root.putArray("files");
        for (Entry e : files) {
            ObjectNode f = fileNodes.addObject();
            f.put("path", e.path()).put("type", e.type()).put("content", e.content());
            if (withGroups) {
                ArrayNode groups = f.putArray("groups");
                e.groups().forEach(groups::add);
            }
            if (e.actionsJson() != null) {
                f.set("actions", JSON.readTree(e.actionsJson()));
            }
        }
        ArrayNode contentNodes = root.putArray("contents");
        for (Content c : contents) {
            ObjectNode n = contentNodes.addObject();
            n.put("id", c.id()).put("size", c.size()).put("sha256", c.sha256()).put("blockSize", c.blockSize());
            if (c.key() != null) {
                n.put("key", Base64.getEncoder().encodeToString(c.key()));
            }
            ArrayNode blocks = n.putArray("blocks");
            for (SectionRef b : c.blocks()) {
                ObjectNode block = blocks.addObject().put("offset", b.offset()).put("length", b.length());
                if (b.digest().length > 0) {
                    block.put("digest", Base64.getEncoder().encodeToString(b.digest()));
                }
            }
        }
        if (shapesJson != null) {
            root.set("shapes", JSON.readTree(shapesJson));
        }
        return JSON.writeValueAsString(root).getBytes(StandardCharsets.UTF_8);
    }
}
