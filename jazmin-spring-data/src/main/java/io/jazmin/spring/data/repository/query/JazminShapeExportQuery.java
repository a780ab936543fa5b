package io.jazmin.spring.data.repository.query;

import io.jazmin.error.JazminValidationException;
import io.jazmin.export.ExportShape;
import io.jazmin.spring.data.core.JazminOperations;
import io.jazmin.spring.data.repository.ShapeExport;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import org.springframework.data.repository.query.QueryMethod;
import org.springframework.data.repository.query.RepositoryQuery;

/**
 * A repository method annotated with {@link ShapeExport}: runs the export shape over the entity's
 * file and returns its JSON output as text or bytes, or streams it into the method's
 * {@link OutputStream} argument.
 */
public final class JazminShapeExportQuery implements RepositoryQuery {
    private enum Result { TEXT, BYTES, STREAM }

    private final QueryMethod method;
    private final JazminOperations operations;
    private final String file;
    private final ExportShape shape;
    private final String saved;
    private final Result result;

    /**
     * @throws UnsupportedQueryException naming the method when the annotation gives both or neither of a shape
     *                                   and a saved name, the shape is not valid JSON, or the signature is
     *                                   not one of those {@link ShapeExport} allows
     */
    public JazminShapeExportQuery(ShapeExport export, Method javaMethod, QueryMethod method,
                                  JazminOperations operations, Class<?> repositoryInterface) {
        String name = repositoryInterface.getSimpleName() + "." + javaMethod.getName();
        if (export.value().isEmpty() == export.saved().isEmpty()) {
            throw new UnsupportedQueryException("Method " + name
                    + " has @ShapeExport with " + (export.value().isEmpty() ? "neither" : "both")
                    + " a shape (value) " + (export.value().isEmpty() ? "nor" : "and") + " a saved shape name (saved)");
        }
        this.method = method;
        this.operations = operations;
        this.file = operations.fileOf(method.getEntityInformation().getJavaType());
        this.saved = export.saved().isEmpty() ? null : export.saved();
        this.shape = saved != null ? null : parse(export.value(), name);
        this.result = result(javaMethod, name);
    }

    private static ExportShape parse(String json, String name) {
        try {
            return ExportShape.parse(json);
        } catch (JazminValidationException e) {
            throw new UnsupportedQueryException("Method " + name + " has an invalid @ShapeExport shape: "
                    + e.getMessage());
        }
    }

    private static Result result(Method method, String name) {
        Class<?> returned = method.getReturnType();
        Class<?>[] parameters = method.getParameterTypes();
        if (returned == void.class && parameters.length == 1 && parameters[0] == OutputStream.class) {
            return Result.STREAM;
        }
        if (parameters.length == 0 && returned == String.class) {
            return Result.TEXT;
        }
        if (parameters.length == 0 && returned == byte[].class) {
            return Result.BYTES;
        }
        throw new UnsupportedQueryException("Method " + name + " has @ShapeExport but is neither String " + method.getName()
                + "(), byte[] " + method.getName() + "() nor void " + method.getName() + "(OutputStream)");
    }

    @Override
    public Object execute(Object[] parameters) {
        if (result == Result.STREAM) {
            export((OutputStream) parameters[0]);
            return null;
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        export(out);
        return result == Result.TEXT ? out.toString(StandardCharsets.UTF_8) : out.toByteArray();
    }

    private void export(OutputStream out) {
        if (saved != null) {
            operations.exportSaved(file, saved, out);
        } else {
            operations.export(file, shape, out);
        }
    }

    @Override
    public QueryMethod getQueryMethod() {
        return method;
    }
}
