package io.jazmin.internal.catalog;

import io.jazmin.internal.wire.ByteReader;
import java.util.ArrayList;
import java.util.List;

/**
 * Proto {@code FilesInfo}: the embedded files of the file.
 *
 * @param directories one directory section per file group
 * @param nextContent next free content id
 * @param packageJson the {@code package} JSON text, or empty
 * @param segment     append number that wrote the directories
 */
public record FilesInfo(List<FileDirectory> directories, int nextContent, String packageJson, int segment)
        implements ProtoMessage {

    public FilesInfo {
        directories = Values.list(directories);
        packageJson = Values.text(packageJson);
    }

    @Override
    public void encode(ProtoWriter out) {
        out.messages(1, directories).uint32(2, nextContent).string(3, packageJson).uint32(4, segment);
    }

    /** Decodes a {@code FilesInfo} message body. */
    public static FilesInfo decode(ByteReader in) {
        ProtoReader r = new ProtoReader(in, "FilesInfo");
        List<FileDirectory> directories = new ArrayList<>();
        int nextContent = 0;
        String packageJson = "";
        int segment = 0;
        while (r.next()) {
            switch (r.field()) {
                case 1 -> directories.add(FileDirectory.decode(r.message()));
                case 2 -> nextContent = r.uint32();
                case 3 -> packageJson = r.string();
                case 4 -> segment = r.uint32();
                default -> r.skip();
            }
        }
        return new FilesInfo(directories, nextContent, packageJson, segment);
    }
}
