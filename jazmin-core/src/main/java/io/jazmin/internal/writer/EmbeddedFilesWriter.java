package io.jazmin.internal.writer;

import io.jazmin.schema.Codec;
import io.jazmin.internal.catalog.EmbeddedDirectory;
import io.jazmin.internal.catalog.EmbeddedDirectory.Content;
import io.jazmin.internal.catalog.EmbeddedDirectory.Entry;
import io.jazmin.internal.catalog.FileDirectory;
import io.jazmin.internal.catalog.FilesInfo;
import io.jazmin.internal.catalog.SectionRef;
import io.jazmin.internal.crypto.SectionCipher;
import io.jazmin.internal.reader.EmbeddedFiles;
import io.jazmin.internal.table.SectionIds;
import io.jazmin.internal.wire.Preamble;
import io.jazmin.internal.section.SectionWriter;
import io.jazmin.schema.Column;
import io.jazmin.files.FileChanges;
import io.jazmin.files.FileInput;
import io.jazmin.error.JazminIoException;
import io.jazmin.error.JazminValidationException;
import java.io.IOException;
import java.io.InputStream;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;
import tools.jackson.databind.node.ArrayNode;

/**
 * Stores the embedded files of a new file version (spec §1.23): each new content in blocks of
 * 256 KiB (under a fresh random key in encrypted files), identical contents once (blocks of a
 * content found stored already are cut off again), then one directory section of group {@code *}.
 * A full rewrite re-stores the files it keeps ({@link #carry}); an append lists them by reference
 * ({@link #keep}), and content ids continue after the file's {@code next_content}. In an
 * access-controlled file every block reference carries its digest, and one directory is written
 * per file group ({@code files/dir/<group id>}, sealed with F(id) by the owner's cipher), listing
 * the files and saved shapes of that group without {@code groups}.
 */
final class EmbeddedFilesWriter {
    /** The reference block size. */
    static final int BLOCK_SIZE = 256 * 1024;
    private static final int KEY_SIZE = 32;
    private static final SecureRandom RANDOM = new SecureRandom();

    private final Output out;
    private final SectionWriter fileSections;
    private final Codec codec;
    private final int level;
    private final Preamble preamble;
    private final boolean encrypted;
    private final Map<String, Entry> files = new LinkedHashMap<>();
    private final Map<Integer, Content> contents = new LinkedHashMap<>();
    private final Map<String, Integer> bySha256 = new HashMap<>();
    /** Shared files: file-group name → its id text; {@code null} for other files. */
    private final Function<String, String> groupIds;
    private final List<String> fileGroups = new ArrayList<>();
    private int nextContent;

    /**
     * @param fileSections the new version's section writer (its cipher seals the directory)
     * @param preamble     the new version's preamble (file id and salt bind the blocks)
     * @param firstContent the first content id to use (an append continues after {@code next_content})
     */
    EmbeddedFilesWriter(Output out, SectionWriter fileSections, Codec codec, int level, Preamble preamble,
                        boolean encrypted, int firstContent) {
        this(out, fileSections, codec, level, preamble, encrypted, firstContent, null);
    }

    /**
     * A writer of a shared file's embedded files.
     *
     * @param groupIds file-group name → id text (the version's partition-id derivation)
     */
    EmbeddedFilesWriter(Output out, SectionWriter fileSections, Codec codec, int level, Preamble preamble,
                        int firstContent, Function<String, String> groupIds) {
        this(out, fileSections, codec, level, preamble, true, firstContent, groupIds);
    }

    private EmbeddedFilesWriter(Output out, SectionWriter fileSections, Codec codec, int level, Preamble preamble,
                                boolean encrypted, int firstContent, Function<String, String> groupIds) {
        this.groupIds = groupIds;
        this.out = out;
        this.fileSections = fileSections;
        this.codec = codec;
        this.level = level;
        this.preamble = preamble;
        this.encrypted = encrypted;
        this.nextContent = firstContent;
    }

    /** Re-stores every file of {@code source} whose path is not in {@code skip}, with its type, groups and actions. */
    void carry(EmbeddedFiles source, Set<String> skip) {
        for (Entry e : source.files()) {
            if (skip.contains(e.path())) {
                continue;
            }
            Content old = source.content(e);
            Integer id = bySha256.get(old.sha256());
            if (id == null) {
                id = store(sink -> source.copy(e, sink));
            }
            files.put(e.path(), new Entry(e.path(), e.type(), id, e.groups(), e.actionsJson()));
        }
    }

    /** Lists every file of {@code source} whose path is not in {@code skip}, pointing at its stored content. */
    void keep(EmbeddedFiles source, Set<String> skip) {
        for (Entry e : source.files()) {
            if (skip.contains(e.path())) {
                continue;
            }
            Content c = source.content(e);
            Integer id = bySha256.get(c.sha256());
            if (id == null) {
                id = c.id();
                contents.put(id, c);
                bySha256.put(c.sha256(), id);
            }
            files.put(e.path(), new Entry(e.path(), e.type(), id, e.groups(), e.actionsJson()));
        }
    }

    /**
     * Stores {@code input} after checking its path, type, groups and actions.
     *
     * @throws JazminValidationException when one is not valid or the path is stored already
     * @throws JazminIoException         when its bytes cannot be read
     */
    void add(FileInput input) {
        String path = input.path();
        if (!EmbeddedDirectory.isValidPath(path)) {
            throw new JazminValidationException("embedded file path '" + EmbeddedDirectory.abbreviate(path)
                    + "' is not valid: relative, '/'-separated, 1-" + EmbeddedDirectory.MAX_PATH
                    + " characters, no empty, '.' or '..' segment, no backslash");
        }
        if (files.containsKey(path)) {
            throw new JazminValidationException("embedded file '" + path + "' is added twice");
        }
        if (input.type().isBlank()) {
            throw new JazminValidationException("embedded file '" + path + "' needs a media type");
        }
        Set<String> seen = new HashSet<>();
        for (String g : input.groups()) {
            if (g.isEmpty() || !seen.add(g)) {
                throw new JazminValidationException("embedded file '" + path + "' has an empty or repeated group '"
                        + g + "'");
            }
        }
        if (input.actionsJson() != null) {
            DocumentSettings.checkActions(input.actionsJson(), path);
        }
        int id;
        try (InputStream in = input.openContent()) {
            id = store(sink -> pump(in, sink, input));
        } catch (IOException e) {
            throw new JazminIoException("cannot read the content of embedded file '" + path + "' from",
                    input.source(), e);
        }
        files.put(path, new Entry(path, input.type(), id, input.groups(), input.actionsJson()));
    }

    private static void pump(InputStream in, Consumer<byte[]> sink, FileInput input) {
        byte[] buffer = new byte[BLOCK_SIZE];
        try {
            for (int n; (n = in.readNBytes(buffer, 0, buffer.length)) > 0; ) {
                sink.accept(n == buffer.length ? buffer : Arrays.copyOf(buffer, n));
            }
        } catch (IOException e) {
            throw new JazminIoException("cannot read the content of embedded file '" + input.path() + "' from",
                    input.source(), e);
        }
    }

    /**
     * Takes the files of {@code source} with {@code changes} made: removed paths dropped, added
     * files stored (replacing a file at the same path), the others re-stored ({@code byReference}
     * false: a full rewrite) or listed by reference (an append).
     *
     * @param tables the tables and columns of the new version, to check a new {@code package}
     *               against, or {@code null} when the caller checks it once they are known
     * @return the new version's {@code package} JSON text, or empty
     * @throws JazminValidationException when a removed path is not stored, an added file is not
     *                                   valid, or the package is not (or names a file no longer stored)
     */
    String apply(EmbeddedFiles source, FileChanges changes, boolean byReference, Map<String, List<Column>> tables) {
        Set<String> skip = new HashSet<>();
        for (String path : changes.remove()) {
            if (source.file(path) == null) {
                throw new JazminValidationException("cannot remove embedded file '" + path + "': the file has none "
                        + "at that path");
            }
            skip.add(path);
        }
        changes.add().forEach(f -> skip.add(f.path()));
        if (byReference) {
            keep(source, skip);
        } else {
            carry(source, skip);
        }
        changes.add().forEach(this::add);
        String packageJson = changes.packageJson() == null ? source.packageJson() : changes.packageJson();
        if (changes.packageJson() != null && !packageJson.isEmpty()) {
            if (tables != null) {
                DocumentSettings.checkPackage(packageJson, paths(), tables);
            }
        } else if (!packageJson.isEmpty()) {
            String entry = DocumentSettings.entryOf(packageJson);
            if (entry != null && changes.remove().contains(entry)) {
                throw new JazminValidationException("cannot remove embedded file '" + entry + "': it is the "
                        + "package's entry; give a new package too");
            }
        }
        return packageJson;
    }

    /** The paths stored so far. */
    Set<String> paths() {
        return files.keySet();
    }

    /** Whether no file is stored. */
    boolean isEmpty() {
        return files.isEmpty();
    }

    /**
     * Writes the bytes {@code feed} gives as the blocks of a new content, unless the same bytes are
     * stored already: then the blocks are cut off again and the stored content's id is returned.
     */
    private int store(Consumer<Consumer<byte[]>> feed) {
        int id = nextContent;
        long mark = out.offset();
        byte[] key = null;
        SectionCipher cipher = null;
        if (encrypted) {
            key = new byte[KEY_SIZE];
            RANDOM.nextBytes(key);
            cipher = SectionCipher.forContent(preamble.fileId(), preamble.salt(), key);
        }
        try {
            Blocks blocks = new Blocks(id, new SectionWriter(codec, level, cipher));
            feed.accept(blocks::add);
            blocks.flush();
            String sha = HexFormat.of().formatHex(blocks.sha.digest());
            Integer stored = bySha256.get(sha);
            if (stored != null) {
                out.rewind(mark);
                return stored;
            }
            contents.put(id, new Content(id, blocks.size, sha, BLOCK_SIZE, key, blocks.written));
            bySha256.put(sha, id);
            nextContent++;
            return id;
        } finally {
            if (cipher != null) {
                cipher.close();
            }
        }
    }

    /**
     * Writes the directory of the files stored and gives the header's {@code files} entry; only
     * contents some file points to are listed.
     *
     * @param segment the append number writing it (0 for a full write)
     */
    FilesInfo finish(String packageJson, String shapesJson, int segment) {
        if (groupIds != null) {
            return finishShared(packageJson, shapesJson, segment);
        }
        byte[] raw = new EmbeddedDirectory(new ArrayList<>(files.values()), listed(files.values()), shapesJson)
                .encode();
        String id = EmbeddedFiles.directoryId(segment);
        byte[] section = fileSections.catalogSection(id, raw, raw.length);
        SectionRef ref = new SectionRef(out.write(section), section.length);
        return new FilesInfo(List.of(new FileDirectory(SectionIds.DEFAULT_GROUP, ref)), nextContent, packageJson,
                segment);
    }

    /** The contents {@code entries} point to, in the order they were stored. */
    private List<Content> listed(java.util.Collection<Entry> entries) {
        Set<Integer> used = new HashSet<>();
        entries.forEach(e -> used.add(e.content()));
        return contents.values().stream().filter(c -> used.contains(c.id())).toList();
    }

    /**
     * One directory per file group (of a file or a saved shape), in name order: the group's files by
     * path, their contents, and its shapes, none with {@code groups}.
     */
    private FilesInfo finishShared(String packageJson, String shapesJson, int segment) {
        Map<String, List<Entry>> byGroup = new java.util.TreeMap<>();
        files.values().stream().sorted(java.util.Comparator.comparing(Entry::path)).forEach(e -> {
            for (String g : e.groups()) {
                byGroup.computeIfAbsent(g, k -> new ArrayList<>()).add(new Entry(e.path(), e.type(), e.content(),
                        List.of(), e.actionsJson()));
            }
        });
        Map<String, ArrayNode> shapes = SharedShapes.byGroup(shapesJson);
        shapes.keySet().forEach(g -> byGroup.computeIfAbsent(g, k -> new ArrayList<>()));
        List<FileDirectory> directories = new ArrayList<>();
        fileGroups.clear();
        for (Map.Entry<String, List<Entry>> g : byGroup.entrySet()) {
            // Group * gets a derived id like every other group, as the reference writes it (spec §1.30 q. 7).
            String groupId = groupIds.apply(g.getKey());
            ArrayNode groupShapes = shapes.get(g.getKey());
            byte[] raw = new EmbeddedDirectory(g.getValue(), listed(g.getValue()),
                    groupShapes == null ? null : groupShapes.toString()).encode(false);
            String id = "files/dir/" + groupId + (segment == 0 ? "" : "/" + segment);
            byte[] section = fileSections.catalogSection(id, raw, raw.length);
            directories.add(new FileDirectory(groupId, PartitionLog.ref(out.write(section), section, true)));
            fileGroups.add(g.getKey());
        }
        return new FilesInfo(directories, nextContent, packageJson, segment);
    }

    /** The names of the file groups {@link #finish} wrote directories for (shared files), in name order. */
    List<String> fileGroups() {
        return List.copyOf(fileGroups);
    }

    /** Cuts a stream of bytes into blocks of {@link #BLOCK_SIZE} and writes each as a section. */
    private final class Blocks {
        private final int content;
        private final SectionWriter sections;
        private final byte[] buffer = new byte[BLOCK_SIZE];
        private final List<SectionRef> written = new ArrayList<>();
        private final MessageDigest sha = EmbeddedFiles.sha256();
        private int filled;
        private long size;

        Blocks(int content, SectionWriter sections) {
            this.content = content;
            this.sections = sections;
        }

        void add(byte[] bytes) {
            sha.update(bytes);
            size += bytes.length;
            for (int at = 0; at < bytes.length; ) {
                int n = Math.min(bytes.length - at, BLOCK_SIZE - filled);
                System.arraycopy(bytes, at, buffer, filled, n);
                filled += n;
                at += n;
                if (filled == BLOCK_SIZE) {
                    flush();
                }
            }
        }

        void flush() {
            if (filled == 0) {
                return;
            }
            byte[] section = sections.section(EmbeddedFiles.blockId(content, written.size()), buffer, filled);
            written.add(PartitionLog.ref(out.write(section), section, groupIds != null));
            filled = 0;
        }
    }
}
