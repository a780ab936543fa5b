package io.jazmin.spring.data.core;

import java.util.List;
import org.springframework.dao.InvalidDataAccessApiUsageException;

/** An entity is stored in a file that is not configured. Names the entity, the file and the configured ones. */
public class UnboundEntityException extends InvalidDataAccessApiUsageException {
    private final Class<?> entityType;
    private final String fileName;
    private final boolean fileNamed;
    private final List<String> configured;

    /**
     * @param entityType the entity
     * @param fileName   the file it is stored in
     * @param fileNamed  whether {@code @JazminStore} names that file (otherwise the name is the convention's)
     * @param configured the names of the configured files
     */
    public UnboundEntityException(Class<?> entityType, String fileName, boolean fileNamed, List<String> configured) {
        super(entityType.getName() + " is stored in file '" + fileName + "' (" + (fileNamed ? "from @JazminStore"
                : "by convention: simple name lower-cased + \"s\"; bind another with @JazminStore")
                + "), but no such file is configured; configured: " + configured);
        this.entityType = entityType;
        this.fileName = fileName;
        this.fileNamed = fileNamed;
        this.configured = List.copyOf(configured);
    }

    /** The entity. */
    public Class<?> getEntityType() {
        return entityType;
    }

    /** The file it is stored in. */
    public String getFileName() {
        return fileName;
    }

    /** Whether {@code @JazminStore} names the file (otherwise it is named by convention). */
    public boolean isFileNamed() {
        return fileNamed;
    }

    /** The names of the configured files. */
    public List<String> getConfigured() {
        return configured;
    }
}
