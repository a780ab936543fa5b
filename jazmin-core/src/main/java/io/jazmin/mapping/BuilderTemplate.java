package io.jazmin.mapping;

import java.lang.constant.ConstantDescs;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;

/**
 * The bytes {@link ConstantBuilders} defines each builder's hidden class from; never loaded as itself.
 * In the hidden class, {@link #BUILD} is that class's data: the builder's handle, a constant the JIT
 * inlines through.
 */
final class BuilderTemplate implements RowMapper.Builder {
    private static final MethodHandle BUILD = classData();

    @Override
    public Object build(MappingContext ctx) throws Throwable {
        return (Object) BUILD.invokeExact(ctx);
    }

    private static MethodHandle classData() {
        try {
            return MethodHandles.classData(MethodHandles.lookup(), ConstantDescs.DEFAULT_NAME, MethodHandle.class);
        } catch (IllegalAccessException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
