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
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Stores embedded files in a new file version (spec §1.23): each content in blocks of 256 KiB
 * (under a fresh random key in encrypted files), identical contents once, unreferenced contents
 * dropped, then one directory section of group {@code *}.
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
    private final List<Entry> files = new ArrayList<>();
    private final List<Content> contents = new ArrayList<>();
    private final Map<String, Integer> bySha256 = new HashMap<>();

    /**
     * @param fileSections the new version's section writer (its cipher seals the directory)
     * @param preamble     the new version's preamble (file id and salt bind the blocks)
     */
    EmbeddedFilesWriter(Output out, SectionWriter fileSections, Codec codec, int level, Preamble preamble,
                        boolean encrypted) {
        this.out = out;
        this.fileSections = fileSections;
        this.codec = codec;
        this.level = level;
        this.preamble = preamble;
        this.encrypted = encrypted;
    }

    /** Re-stores every file of {@code source}, with its type, groups and actions. */
    void carry(EmbeddedFiles source) {
        for (Entry e : source.files()) {
            Content old = source.content(e);
            Integer id = bySha256.get(old.sha256());
            if (id == null) {
                id = restore(source, old);
            }
            files.add(new Entry(e.path(), e.type(), id, e.groups(), e.actionsJson()));
        }
    }

    /** Copies the bytes of {@code old} into new blocks; the source checks their SHA-256. */
    private int restore(EmbeddedFiles source, Content old) {
        int id = contents.size();
        byte[] key = null;
        SectionCipher cipher = null;
        if (encrypted) {
            key = new byte[KEY_SIZE];
            RANDOM.nextBytes(key);
            cipher = SectionCipher.forContent(preamble.fileId(), preamble.salt(), key);
        }
        try {
            Blocks blocks = new Blocks(id, new SectionWriter(codec, level, cipher));
            source.copy(old, blocks::add);
            blocks.flush();
            contents.add(new Content(id, old.size(), old.sha256(), BLOCK_SIZE, key, blocks.written));
        } finally {
            if (cipher != null) {
                cipher.close();
            }
        }
        bySha256.put(old.sha256(), id);
        return id;
    }

    /** Writes the directory and gives the header's {@code files} entry. */
    FilesInfo finish(String packageJson, String shapesJson) {
        byte[] raw = new EmbeddedDirectory(files, contents, shapesJson).encode();
        String id = EmbeddedFiles.directoryId(0);
        byte[] section = fileSections.catalogSection(id, raw, raw.length);
        SectionRef ref = new SectionRef(out.write(section), section.length);
        return new FilesInfo(List.of(new FileDirectory(SectionIds.DEFAULT_GROUP, ref)), contents.size(), packageJson,
                0);
    }

    /** Cuts a stream of bytes into blocks of {@link #BLOCK_SIZE} and writes each as a section. */
    private final class Blocks {
        private final int content;
        private final SectionWriter sections;
        private final byte[] buffer = new byte[BLOCK_SIZE];
        private final List<SectionRef> written = new ArrayList<>();
        private int filled;

        Blocks(int content, SectionWriter sections) {
            this.content = content;
            this.sections = sections;
        }

        void add(byte[] bytes) {
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
            written.add(new SectionRef(out.write(section), section.length));
            filled = 0;
        }
    }
}
