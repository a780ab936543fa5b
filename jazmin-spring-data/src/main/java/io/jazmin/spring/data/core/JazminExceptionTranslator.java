package io.jazmin.spring.data.core;

import io.jazmin.error.InvalidRowException;
import io.jazmin.error.FileLockedException;
import io.jazmin.error.JazminException;
import io.jazmin.error.JazminFormatException;
import io.jazmin.error.JazminIoException;
import io.jazmin.error.JazminKeyException;
import io.jazmin.error.JazminValidationException;
import io.jazmin.error.UnsupportedFeatureException;
import io.jazmin.mapping.MappingException;
import org.springframework.dao.CannotAcquireLockException;
import org.springframework.dao.DataAccessException;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.dao.InvalidDataAccessResourceUsageException;
import org.springframework.dao.PermissionDeniedDataAccessException;
import org.springframework.dao.TypeMismatchDataAccessException;
import org.springframework.dao.UncategorizedDataAccessException;
import org.springframework.dao.support.PersistenceExceptionTranslator;

/**
 * Maps the engine's exceptions to Spring's {@link DataAccessException} hierarchy. Every failure of
 * the engine's public API is a {@link JazminException}; anything else is not translated.
 */
public class JazminExceptionTranslator implements PersistenceExceptionTranslator {

    /** The translation of {@code e}, or {@code e} itself when it is not the engine's. */
    RuntimeException translate(RuntimeException e) {
        DataAccessException translated = translateExceptionIfPossible(e);
        return translated != null ? translated : e;
    }

    @Override
    public DataAccessException translateExceptionIfPossible(RuntimeException e) {
        if (e instanceof DataAccessException dae) {
            return dae;
        }
        if (e instanceof FileLockedException) {
            return new CannotAcquireLockException(e.getMessage(), e);
        }
        if (e instanceof MappingException) {
            return new TypeMismatchDataAccessException(e.getMessage(), e);
        }
        if (e instanceof InvalidRowException) {
            return new DataIntegrityViolationException(e.getMessage(), e);
        }
        if (e instanceof JazminKeyException) {
            return new PermissionDeniedDataAccessException(e.getMessage(), e);
        }
        if (e instanceof JazminFormatException || e instanceof JazminIoException) {
            return new DataAccessResourceFailureException(e.getMessage(), e);
        }
        if (e instanceof UnsupportedFeatureException || e instanceof ReadOnlyFileException) {
            return new InvalidDataAccessResourceUsageException(e.getMessage(), e);
        }
        if (e instanceof JazminValidationException) {
            return new InvalidDataAccessApiUsageException(e.getMessage(), e);
        }
        if (e instanceof JazminException) {
            return new UncategorizedDataAccessException(e.getMessage(), e) {
            };
        }
        return null;
    }
}
