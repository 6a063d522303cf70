# Included by .ci/run's CMAKE_ARGS when llama.cpp's own project() starts inside
# llama-cpp-python's build (CMAKE_PROJECT_llama.cpp_INCLUDE): llama-cpp-python forces
# LLAMA_BUILD_COMMON on, but its Python package loads only libllama and the ggml libraries,
# so the common library (chat templates, argument parsing, downloads, cpp-httplib) is not
# built. Every library the package installs into llama_cpp/lib is built as before.
set(LLAMA_BUILD_COMMON OFF CACHE BOOL "llama.cpp common library (unused by llama-cpp-python)" FORCE)
