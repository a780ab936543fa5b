package io.jazmin.mapping;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Type;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;

/**
 * Arrays ({@code int[]}, {@code double[]}, {@code String[]}, {@code UUID[][]}…) as JSON arrays,
 * through array method handles made once per array type. ({@code byte[]} is a binary column.)
 */
final class ArrayConverter extends JsonStoredConverter {
    private final ValueConverter element;
    private final boolean primitive;
    private final MethodHandle create;
    private final MethodHandle length;
    private final MethodHandle get;
    private final MethodHandle set;

    ArrayConverter(Type declared, ValueConverter element) {
        super(declared);
        Class<?> array = Types.raw(declared);
        this.element = element;
        this.primitive = array.getComponentType().isPrimitive();
        this.create = MethodHandles.arrayConstructor(array)
                .asType(MethodType.methodType(Object.class, int.class));
        this.length = MethodHandles.arrayLength(array).asType(MethodType.methodType(int.class, Object.class));
        this.get = MethodHandles.arrayElementGetter(array)
                .asType(MethodType.methodType(Object.class, Object.class, int.class));
        this.set = MethodHandles.arrayElementSetter(array)
                .asType(MethodType.methodType(void.class, Object.class, int.class, Object.class));
    }

    @Override
    public JsonNode toJson(Object value, MappingContext ctx) {
        try {
            int n = (int) length.invokeExact(value);
            ctx.enter(value);
            ctx.checkItems(n);
            ArrayNode out = JsonCodec.NODES.arrayNode(n);
            for (int i = 0; i < n; i++) {
                ctx.push("[" + i + "]");
                out.add(element(element, (Object) get.invokeExact(value, i), ctx));
                ctx.pop();
            }
            ctx.exit(value);
            return out;
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public Object fromJson(JsonNode node, MappingContext ctx) {
        if (!node.isArray()) {
            throw mismatch("array", node, ctx);
        }
        ctx.enter(null);
        ctx.checkItems(node.size());
        try {
            Object out = (Object) create.invokeExact(node.size());
            for (int i = 0; i < node.size(); i++) {
                ctx.push("[" + i + "]");
                Object item = element(element, node.get(i), ctx);
                if (item == null && primitive) {
                    throw ctx.fail(MappingException.Reason.NULL_VALUE, "null in an array of primitives");
                }
                set.invokeExact(out, i, item);
                ctx.pop();
            }
            ctx.exit(null);
            return out;
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }
}
