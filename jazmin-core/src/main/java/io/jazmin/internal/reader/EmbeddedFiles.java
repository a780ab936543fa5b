package io.jazmin.internal.reader;

import io.jazmin.error.JazminFormatException;
import io.jazmin.error.UnsupportedFeatureException;
import io.jazmin.internal.catalog.EmbeddedDirectory;
import io.jazmin.internal.catalog.EmbeddedDirectory.Content;
import io.jazmin.internal.catalog.EmbeddedDirectory.Entry;
import io.jazmin.internal.catalog.FileDirectory;
import io.jazmin.internal.catalog.FilesInfo;
import io.jazmin.internal.crypto.DecryptionSetup;
import io.jazmin.internal.crypto.SectionCipher;
import io.jazmin.internal.section.SectionReader;
import java.io.ByteArrayOutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.function.Consumer;
import io.jazmin.internal.table.SectionIds;

/**
 * The embedded files of one file version that is not access-controlled (spec §1.23): its
 * directory, read and checked when this is made, and the contents' blocks, read (and for
 * encrypted files decrypted with each content's key) on demand, with the whole content's SHA-256
 * checked against the directory.
 */
public final class EmbeddedFiles {
    /** Feature name in errors about contents too large to hold in one array. */
    public static final String LARGE_FILES = "large-embedded-files";
    private static final int MAX_ARRAY = Integer.MAX_VALUE - 8;
    private static final int FIRST_BUFFER = 1 << 20;

    private final OpenedFile file;
    private final EmbeddedDirectory directory;
    private final String packageJson;

    private EmbeddedFiles(OpenedFile file, EmbeddedDirectory directory, String packageJson) {
        this.file = file;
        this.directory = directory;
        this.packageJson = packageJson;
    }

    /** The embedded files of {@code file}; none when its header has no {@code files}. */
    public static EmbeddedFiles of(OpenedFile file) {
        FilesInfo info = file.header().files();
        if (info == null) {
            return new EmbeddedFiles(file, new EmbeddedDirectory(List.of(), List.of(), null), "");
        }
        if (file.grant() != null) {
            throw new UnsupportedFeatureException(DecryptionSetup.ACCESS_CONTROL, "the embedded files of "
                    + "access-controlled files (file groups) are not supported yet");
        }
        List<FileDirectory> dirs = info.directories();
        if (dirs.size() > 1 || dirs.size() == 1 && !dirs.get(0).group().equals(SectionIds.DEFAULT_GROUP)) {
            throw new JazminFormatException("a file that is not access-controlled has one embedded-file directory, "
                    + "of group '*'; this one lists " + dirs.size(), "header", -1);
        }
        EmbeddedDirectory directory = new EmbeddedDirectory(List.of(), List.of(), null);
        if (dirs.size() == 1) {
            if (dirs.get(0).section() == null) {
                throw new JazminFormatException("the embedded-file directory has no section", "header", -1);
            }
            String id = directoryId(info.segment());
            byte[] raw = file.sections().read(id, dirs.get(0).section().offset(), dirs.get(0).section().length());
            directory = EmbeddedDirectory.decode(raw, id);
            boolean encrypted = file.cipher() != null;
            for (Content c : directory.contents()) {
                if (encrypted != (c.key() != null)) {
                    throw new JazminFormatException("content " + c.id() + (encrypted
                            ? " has no key, but the file is encrypted" : " has a key, but the file is not encrypted"),
                            id, -1);
                }
            }
        }
        return new EmbeddedFiles(file, directory, info.packageJson());
    }

    /** Section id of the directory written by append {@code segment} (spec §1.6). */
    public static String directoryId(int segment) {
        return "files/dir" + (segment == 0 ? "" : "/" + segment);
    }

    /** Section id of block {@code block} of content {@code content}. */
    public static String blockId(int content, int block) {
        return "file/" + content + "/" + block;
    }

    /** Whether the file stores no embedded file, no package and no saved shape. */
    public boolean isEmpty() {
        return directory.files().isEmpty() && directory.contents().isEmpty() && packageJson.isEmpty()
                && directory.shapesJson() == null;
    }

    /** The directory read and checked at open (empty when the file stores no embedded file). */
    public EmbeddedDirectory directory() {
        return directory;
    }

    /** The files, in directory order. */
    public List<Entry> files() {
        return directory.files();
    }

    /** The content a file points to. */
    public Content content(Entry file) {
        return directory.content(file.content());
    }

    /** The {@code package} JSON text, or empty. */
    public String packageJson() {
        return packageJson;
    }

    /** The saved export shapes as a JSON array text, or {@code null}. */
    public String shapesJson() {
        return directory.shapesJson();
    }

    /** The file at {@code path}, or {@code null}. */
    public Entry file(String path) {
        for (Entry e : directory.files()) {
            if (e.path().equals(path)) {
                return e;
            }
        }
        return null;
    }

    /**
     * The whole bytes of the file at {@code path}, SHA-256 checked, or {@code null} when there is none.
     *
     * @throws JazminFormatException       when a block is damaged or the bytes do not match the digest
     * @throws UnsupportedFeatureException when the content does not fit one Java array
     */
    public byte[] read(String path) {
        Entry e = file(path);
        if (e == null) {
            return null;
        }
        Content c = content(e);
        if (c.size() > MAX_ARRAY) {
            throw new UnsupportedFeatureException(LARGE_FILES, "embedded file '" + path + "' has " + c.size()
                    + " bytes, more than one array holds: read it block by block");
        }
        // Grows as blocks arrive: the size is only what the directory claims.
        ByteArrayOutputStream out = new ByteArrayOutputStream((int) Math.min(c.size(), FIRST_BUFFER));
        copy(c, out::writeBytes);
        return out.toByteArray();
    }

    /**
     * Passes the raw bytes of each block of {@code c} to {@code sink}, in order, then checks the
     * whole content's SHA-256.
     *
     * @throws JazminFormatException when a block is damaged, has the wrong length, or the digest differs
     */
    public void copy(Content c, Consumer<byte[]> sink) {
        MessageDigest sha = sha256();
        SectionCipher cipher = c.key() == null ? null : SectionCipher.forContent(file.version().preamble().fileId(),
                file.version().preamble().salt(), c.key());
        try {
            SectionReader blocks = new SectionReader(file.source(), file.version().trailerOffset(), cipher,
                    file.sections().limits());
            for (int b = 0; b < c.blocks().size(); b++) {
                String id = blockId(c.id(), b);
                byte[] raw = blocks.read(id, c.blocks().get(b).offset(), c.blocks().get(b).length());
                if (raw.length != c.blockLength(b)) {
                    throw new JazminFormatException("block holds " + raw.length + " bytes, the directory says "
                            + c.blockLength(b), id, c.blocks().get(b).offset());
                }
                sha.update(raw);
                sink.accept(raw);
            }
        } finally {
            if (cipher != null) {
                cipher.close();
            }
        }
        if (!HexFormat.of().formatHex(sha.digest()).equals(c.sha256())) {
            throw new JazminFormatException("embedded content " + c.id() + " does not match its sha256: "
                    + "the file is damaged");
        }
    }

    /** A fresh SHA-256 digest. */
    public static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK has no SHA-256", e);
        }
    }
}
